import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { webPaths } from '../../../../shared/web-paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSaveOpportunity } from '../api/save-opportunity';
import { OpportunityForm } from '../components/OpportunityForm';

/** /opportunites/nouvelle: organisations and administrators post an opportunity. */
export default function NewOpportunityPage() {
  usePageTitle('Publier une opportunité');
  const save = useSaveOpportunity();
  const navigate = useNavigate();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3 }}>
        Publier une opportunité
      </Typography>
      <OpportunityForm
        submitLabel="Publier"
        onSubmit={async (body) => {
          const created = await save.mutateAsync({ body });
          void navigate(webPaths.opportunity(created.id));
        }}
      />
    </Container>
  );
}
