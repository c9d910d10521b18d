import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../../../../shared/french-format';
import { opportunityTypeLabels } from '../../../../shared/opportunities';
import { webPaths } from '../../../../shared/web-paths';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { AttestationLinks } from '../../directory';
import { useMyApplications } from '../api/get-my-applications';
import { QueryStatus } from '../../../components/QueryStatus';

/** /opportunites/mes-candidatures: what the person answered, with the attestations they chose to show. */
export default function MyApplicationsPage() {
  usePageTitle('Mes candidatures');
  const mine = useMyApplications();
  const data = useFirstArrival(mine.data);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Mes candidatures
      </Typography>
      {!data ? (
        <QueryStatus query={mine} loadingLabel="Chargement de vos candidatures" errorMessage="Impossible de charger vos candidatures." />
      ) : data.items.length === 0 ? (
        <Typography>
          Vous n’avez encore répondu à aucune opportunité.{' '}
          <Link component={RouterLink} underline="always" to={webPaths.opportunities}>
            Voir les opportunités
          </Link>
        </Typography>
      ) : (
        <Stack spacing={2}>
          {data.items.map((item) => (
            <Paper key={item.id} component="article" variant="outlined" sx={{ p: 2.5 }}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                <Link component={RouterLink} underline="always" to={webPaths.opportunity(item.opportunity.id)}>
                  {item.opportunity.title}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {opportunityTypeLabels[item.opportunity.type]} · {item.opportunity.posted_by} · {item.kind === 'proposal' ? 'proposition' : 'candidature'} du {formatDay(item.created_at)}
                {item.opportunity.open ? '' : ' · clôturée'}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1 }}>{item.message}</Typography>
              {item.kind === 'application' && <AttestationLinks attestations={item.attestations} />}
            </Paper>
          ))}
        </Stack>
      )}
    </Container>
  );
}
