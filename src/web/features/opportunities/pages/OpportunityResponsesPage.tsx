import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDay, plural } from '../../../../shared/french-format';
import { opportunityMessages } from '../../../../shared/opportunities';
import { roleLabels, type Role } from '../../../../shared/roles';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { AttestationLinks } from '../../directory';
import { useOpportunity } from '../api/get-opportunity';
import { useResponses } from '../api/get-responses';

/** /opportunites/{id}/candidatures: the owner's view of the answers: names, messages, chosen attestations. */
export default function OpportunityResponsesPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const opportunity = useOpportunity(valid ? id : 0);
  const responses = useResponses(valid ? id : 0);
  const data = useFirstArrival(responses.data);
  usePageTitle('Candidatures reçues');
  const error = !valid ? opportunityMessages.notFound : responses.error instanceof ApiError ? responses.error.message : responses.isError ? 'Impossible de charger les réponses.' : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Candidatures reçues
      </Typography>
      {opportunity.data && (
        <Typography sx={{ mb: 3 }}>
          Pour{' '}
          <Link component={RouterLink} underline="always" to={webPaths.opportunity(id)}>
            {opportunity.data.title}
          </Link>
        </Typography>
      )}
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement des candidatures" />
        </Box>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 2 }}>
            {data.items.length === 0 ? 'Aucune réponse pour le moment.' : plural(data.items.length, 'réponse')}
          </Typography>
          <Stack spacing={2}>
            {data.items.map((response) => (
              <Paper key={response.id} component="article" variant="outlined" aria-label={`${response.applicant.firstname} ${response.applicant.lastname}`} sx={{ p: 2.5 }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                  {response.applicant.firstname} {response.applicant.lastname}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {response.kind === 'proposal' ? 'Proposition' : 'Candidature'} · {roleLabels[response.applicant.role as Role] ?? response.applicant.role} · le {formatDay(response.created_at)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1.5 }}>{response.message}</Typography>
                {response.kind === 'application' && (
                  <>
                    <Typography variant="subtitle2" component="h3">
                      Attestations montrées
                    </Typography>
                    <AttestationLinks attestations={response.attestations} />
                  </>
                )}
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Container>
  );
}
