import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PublicAttestation } from '../../../../shared/directory';
import { formatDay } from '../../../../shared/french-format';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Attestations someone chose to show: what each certifies, when, and the page that checks it. */
export function AttestationLinks({ attestations }: { attestations: PublicAttestation[] }) {
  if (attestations.length === 0) return <Typography variant="body2" color="text.secondary">Aucune attestation montrée.</Typography>;
  return (
    <List dense disablePadding>
      {attestations.map((a) => (
        <ListItem key={a.verification_code} disableGutters sx={{ display: 'block' }}>
          <Typography variant="body2" component="span">
            {a.course_title}, le {formatDay(a.issued_at)} —{' '}
          </Typography>
          <Link component={RouterLink} underline="always" to={a.verification_url} variant="body2">
            vérifier l’attestation<span style={visuallyHidden}> {a.course_title}</span>
          </Link>
        </ListItem>
      ))}
    </List>
  );
}
