import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { categoryName } from '../../../../shared/categories';
import { formatDate } from '../../../../shared/french-format';
import { opportunityTypeLabels, type Opportunity } from '../../../../shared/opportunities';
import { regionName } from '../../../../shared/regions';
import { webPaths } from '../../../../shared/web-paths';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';

/** Where and until when: the region, the place or remote work, the deadline. */
export function opportunityFacts(opportunity: Opportunity): string {
  const where = [regionName(opportunity.region), opportunity.location, opportunity.remote ? 'télétravail possible' : null].filter(Boolean).join(' · ');
  const until = opportunity.closed_at ? 'clôturée' : opportunity.deadline ? `jusqu’au ${formatDate(opportunity.deadline)}` : 'sans date limite';
  return `${where} · ${until}`;
}

/** One opportunity in a list: its type, title (the link to it), who posted it, where and until when. */
export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Chip label={opportunityTypeLabels[opportunity.type]} color="primary" size="small" />
        {!opportunity.open && <Chip label="Clôturée" size="small" />}
        {opportunity.moderation === 'hidden' && <Chip label={HIDDEN_BY_MODERATION} color="warning" size="small" />}
        {opportunity.my_response && <Chip label={opportunity.my_response.kind === 'proposal' ? 'Proposition envoyée' : 'Candidature envoyée'} color="success" size="small" variant="outlined" />}
      </Stack>
      <Typography component="h2" sx={{ fontSize: 18, fontWeight: 700 }}>
        <Link component={RouterLink} underline="always" to={webPaths.opportunity(opportunity.id)}>
          {opportunity.title}
        </Link>
      </Typography>
      <Typography color="text.secondary">{opportunity.posted_by}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {opportunityFacts(opportunity)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {opportunity.domains.map(categoryName).join(', ')}
        {opportunity.responses_count !== undefined && ` · ${opportunity.responses_count} réponse${opportunity.responses_count > 1 ? 's' : ''}`}
      </Typography>
    </Paper>
  );
}
