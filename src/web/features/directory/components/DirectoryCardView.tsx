import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { categoryName } from '../../../../shared/categories';
import type { DirectoryCard } from '../../../../shared/directory';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';
import { regionName } from '../../../../shared/regions';
import { useSession } from '../../../lib/session';
import { ReportButton } from '../../moderation';
import { AttestationLinks } from './AttestationLinks';
import { UserPhoto } from './UserPhoto';

/** One person of the directory: their name and only what they chose to show. */
export function DirectoryCardView({ card }: { card: DirectoryCard }) {
  const name = `${card.firstname} ${card.lastname}`;
  const me = useSession((state) => state.user?.id);
  return (
    <Paper component="article" variant="outlined" aria-label={name} sx={{ p: 2.5, height: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
        <UserPhoto userId={card.id} firstname={card.firstname} lastname={card.lastname} hasPhoto={card.has_photo} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {card.headline && <Typography color="text.secondary">{card.headline}</Typography>}
          {card.region && <Typography variant="body2">{regionName(card.region)}</Typography>}
          {card.moderation === 'hidden' && <Chip size="small" color="warning" label={HIDDEN_BY_MODERATION} sx={{ mt: 0.5 }} />}
        </Box>
      </Stack>
      {card.domains && card.domains.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} aria-label="Domaines">
          {card.domains.map((domain) => (
            <Chip key={domain} label={categoryName(domain)} size="small" color="primary" variant="outlined" />
          ))}
        </Stack>
      )}
      {card.attestations && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="subtitle2" component="h3">
            Attestations
          </Typography>
          <AttestationLinks attestations={card.attestations} />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {card.accepts_messages ? 'Accepte les messages des membres de l’annuaire.' : 'N’accepte pas de messages.'}
      </Typography>
      {card.id !== me && card.moderation === undefined && (
        <Box sx={{ mt: 1 }}>
          <ReportButton targetType="profile" targetId={card.id} />
        </Box>
      )}
    </Paper>
  );
}
