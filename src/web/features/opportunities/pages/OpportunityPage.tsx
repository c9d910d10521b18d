import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router';
import { categoryName } from '../../../../shared/categories';
import { formatDay } from '../../../../shared/french-format';
import { opportunityMessages, opportunityTypeLabels, type Opportunity } from '../../../../shared/opportunities';
import { isApprovedTrainer } from '../../../../shared/roles';
import { webPaths } from '../../../../shared/web-paths';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LinkButton } from '../../../components/LinkButton';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { toActor, useSession } from '../../../lib/session';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useCloseOpportunity } from '../api/close-opportunity';
import { useOpportunity } from '../api/get-opportunity';
import { opportunityFacts } from '../components/OpportunityCard';
import { RespondForm } from '../components/RespondForm';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation-rules';
import { ReportButton } from '../../moderation';

/** /opportunites/{id}: the opportunity, with the answer form, or the owner's tools. */
export default function OpportunityPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const opportunity = useOpportunity(valid ? id : 0);
  const data = useFirstArrival(opportunity.data);
  usePageTitle(data?.title ?? 'Opportunité');
  if (!valid || opportunity.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Opportunité
        </Typography>
        <Alert severity="error">{opportunity.error instanceof ApiError ? opportunity.error.message : opportunityMessages.notFound}</Alert>
      </Container>
    );
  }
  if (!data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Chargement de l’opportunité" />
      </Box>
    );
  }
  return <OpportunityDetail opportunity={data} />;
}

function OpportunityDetail({ opportunity }: { opportunity: Opportunity }) {
  const user = useSession((state) => state.user);
  const actor = user ? toActor(user) : null;
  const close = useCloseOpportunity();
  const [confirming, setConfirming] = useState(false);
  const isTrainingRequest = opportunity.type === 'training_request';
  const mayRespond = opportunity.open && !opportunity.can_manage && !opportunity.my_response && (!isTrainingRequest || isApprovedTrainer(actor));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Chip label={opportunityTypeLabels[opportunity.type]} color="primary" size="small" />
        {!opportunity.open && <Chip label="Clôturée" size="small" />}
        {opportunity.moderation === 'hidden' && <Chip label={HIDDEN_BY_MODERATION} color="warning" size="small" />}
      </Stack>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1, overflowWrap: 'anywhere' }}>
        {opportunity.title}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{opportunity.posted_by}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {opportunityFacts(opportunity)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Domaines : {opportunity.domains.map(categoryName).join(', ')} · publiée le {formatDay(opportunity.created_at)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{opportunity.description}</Typography>
      </Paper>
      {/* Not on one's own opportunity (the server refuses it too). */}
      {!opportunity.can_manage && (
        <Box sx={{ mt: -2, mb: 3 }}>
          <ReportButton targetType="opportunity" targetId={opportunity.id} />
        </Box>
      )}

      {opportunity.can_manage && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
          <LinkButton to={webPaths.opportunityResponses(opportunity.id)} variant="contained">
            {isTrainingRequest ? 'Voir les propositions' : 'Voir les candidatures'}
            {opportunity.responses_count !== undefined ? ` (${opportunity.responses_count})` : ''}
          </LinkButton>
          <LinkButton to={webPaths.editOpportunity(opportunity.id)} variant="outlined">
            Modifier
          </LinkButton>
          {opportunity.closed_at === null && (
            <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
              Clôturer
            </Button>
          )}
        </Stack>
      )}

      {opportunity.my_response && (
        // Also what the answer form becomes once sent (the page reloads the opportunity).
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {opportunity.my_response.kind === 'proposal' ? opportunityMessages.proposed : opportunityMessages.applied} Envoyée le {formatDay(opportunity.my_response.created_at)}.{' '}
          <Link component={RouterLink} underline="always" to={webPaths.myApplications}>
            Voir mes candidatures
          </Link>
        </Alert>
      )}
      {!opportunity.open && !opportunity.can_manage && !opportunity.my_response && <Alert severity="info">{opportunityMessages.closed}</Alert>}
      {opportunity.open && isTrainingRequest && !opportunity.can_manage && !isApprovedTrainer(actor) && <Alert severity="info">{opportunityMessages.useProposal}</Alert>}
      {mayRespond && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <RespondForm opportunityId={opportunity.id} kind={isTrainingRequest ? 'proposal' : 'application'} />
        </Paper>
      )}
      <ConfirmDialog
        open={confirming}
        title="Clôturer cette opportunité ?"
        confirmLabel="Clôturer"
        pending={close.isPending}
        error={close.error instanceof ApiError ? close.error.message : close.isError ? 'Échec. Veuillez réessayer.' : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => close.mutate(opportunity.id, { onSuccess: () => setConfirming(false) })}
      >
        Elle ne recevra plus de réponses. Les candidatures déjà reçues restent consultables.
      </ConfirmDialog>
    </Container>
  );
}
