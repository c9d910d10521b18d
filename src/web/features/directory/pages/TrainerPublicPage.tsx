import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { categoryName } from '../../../../shared/categories';
import { formatNumber, plural } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useTrainerPublic } from '../api/get-trainer-public';

function ratingText(average: number | null, count: number): string {
  if (average === null || count === 0) return 'Pas encore d’avis';
  return `${formatNumber(average, 1)} sur 5 (${plural(count, 'avis', 'avis')})`;
}

/** /formateurs/{id}: an approved trainer's public page, reached from the course page's trainer name. */
export default function TrainerPublicPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const trainer = useTrainerPublic(valid ? id : 0);
  usePageTitle(trainer.data ? `${trainer.data.firstname} ${trainer.data.lastname}, formateur` : 'Formateur');

  if (!valid || trainer.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Formateur
        </Typography>
        <Alert severity="error">{trainer.error instanceof ApiError ? trainer.error.message : 'Formateur introuvable.'}</Alert>
      </Container>
    );
  }
  if (trainer.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Chargement de la page du formateur" />
      </Box>
    );
  }
  const data = trainer.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        {data.firstname} {data.lastname}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Formateur approuvé EcoForma{data.speciality ? ` · ${data.speciality}` : ''}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          Note moyenne :
        </Box>{' '}
        {ratingText(data.rating_average, data.rating_count)}
      </Typography>
      {data.bio && (
        <Paper variant="outlined" component="section" aria-labelledby="presentation-titre" sx={{ p: 3, mb: 3 }}>
          <Typography id="presentation-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
            Présentation
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{data.bio}</Typography>
        </Paper>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="cours-titre" sx={{ p: 3 }}>
        <Typography id="cours-titre" variant="h5" component="h2" sx={{ mb: 1 }}>
          Ses formations
        </Typography>
        {data.courses.length === 0 ? (
          <Typography color="text.secondary">Aucune formation publiée pour le moment.</Typography>
        ) : (
          <List disablePadding>
            {data.courses.map((course) => (
              <ListItem key={course.id} disableGutters sx={{ display: 'block', py: 1 }}>
                <Link component={RouterLink} underline="always" to={webPaths.publicCourse(course.id)} sx={{ fontWeight: 600 }}>
                  {course.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {categoryName(course.category)} · {ratingText(course.rating_average, course.rating_count)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Container>
  );
}
