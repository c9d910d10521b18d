import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../lib/page-title';
import { AnswersView } from '../components/AnswersView';

/** /admin/avis: every course's satisfaction answers, with who answered; abusive comments are hidden from here. */
export default function AdminSatisfactionPage() {
  usePageTitle('Avis des apprenants');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Avis des apprenants
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Les réponses au questionnaire de satisfaction de toutes les formations. Un commentaire masqué n'est plus montré au formateur ni publié ; sa
        note compte toujours dans la moyenne.
      </Typography>
      <AnswersView scope="admin" />
    </Container>
  );
}
