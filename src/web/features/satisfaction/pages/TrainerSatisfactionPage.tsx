import ArrowBackIcon from '../../../components/icons/ArrowBack';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { AnswersView } from '../components/AnswersView';

/** /formateur/avis: the learners' answers about the trainer's own courses, without their names. */
export default function TrainerSatisfactionPage() {
  usePageTitle('Avis des apprenants');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to={webPaths.trainerCourses} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        Mes cours
      </Link>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Avis des apprenants
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Les notes et commentaires laissés en fin de formation sur vos cours. Les réponses sont anonymes ; le catalogue affiche la moyenne d'un cours à
        partir de 3 avis.
      </Typography>
      <AnswersView scope="formateur" />
    </Container>
  );
}
