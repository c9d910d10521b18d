import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { opportunityMessages } from '../../../../shared/opportunities';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useOpportunity } from '../api/get-opportunity';
import { useSaveOpportunity } from '../api/save-opportunity';
import { OpportunityForm } from '../components/OpportunityForm';

/** /opportunites/{id}/modifier: its owner (or an administrator) changes it. */
export default function EditOpportunityPage() {
  usePageTitle('Modifier l’opportunité');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const opportunity = useOpportunity(valid ? id : 0);
  const data = useFirstArrival(opportunity.data);
  const save = useSaveOpportunity();
  const navigate = useNavigate();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Modifier l’opportunité
      </Typography>
      {!valid || opportunity.isError ? (
        <Alert severity="error">{opportunity.error instanceof ApiError ? opportunity.error.message : opportunityMessages.notFound}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement de l’opportunité" />
        </Box>
      ) : !data.can_manage ? (
        <Alert severity="error">{opportunityMessages.ownerOnly}</Alert>
      ) : (
        <OpportunityForm
          initial={data}
          submitLabel="Enregistrer"
          onSubmit={async (body) => {
            await save.mutateAsync({ id, body });
            void navigate(webPaths.opportunity(id));
          }}
        />
      )}
    </Container>
  );
}
