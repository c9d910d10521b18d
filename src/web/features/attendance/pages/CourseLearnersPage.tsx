import ArrowBackIcon from '../../../components/icons/ArrowBack';
import DownloadIcon from '../../../components/icons/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { CourseLearner, CourseLearners } from '../../../../shared/attendance';
import { parseCourseId } from '../../../../shared/courses';
import { formatDay, formatMinutes, plural } from '../../../../shared/french-format';
import { webPaths } from '../../../../shared/web-paths';
import { QueryStatus } from '../../../components/QueryStatus';
import { visuallyHidden } from '../../../components/visually-hidden';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useCourseLearners, useDownloadLearnersCsv } from '../api/get-course-learners';
import { EnrolmentProofs } from '../components/EnrolmentProofs';

/**
 * The learners' table's columns, each with its header and its cell: another part of issue 27
 * (reminders sent) adds its column here, beside the CSV's (server, learnerColumns).
 */
function learnerColumns(data: CourseLearners): { header: string; cell: (l: CourseLearner) => React.ReactNode }[] {
  return [
    {
      header: 'Apprenant',
      cell: (l) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{l.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {l.email}
          </Typography>
        </>
      ),
    },
    { header: 'Progression', cell: (l) => `${l.percent} % (${l.completed_lessons} / ${l.total_lessons})` },
    { header: "Temps à l'écran", cell: (l) => formatMinutes(l.on_screen_minutes) },
    { header: 'Dernière activité', cell: (l) => (l.last_activity_at ? formatDay(l.last_activity_at) : 'Aucune') },
    { header: 'Relances envoyées', cell: (l) => l.reminders_sent },
    {
      header: 'Quiz',
      cell: (l) =>
        data.quizzes.length === 0
          ? '—'
          : data.quizzes.map((q) => {
              const result = l.quizzes.find((r) => r.lesson_id === q.lesson_id);
              return (
                <Typography key={q.lesson_id} variant="body2">
                  {q.title} : {result ? `${result.best_score} %${result.passed ? ' (réussi)' : ''}, ${plural(result.attempts, 'tentative')}` : 'non tenté'}
                </Typography>
              );
            }),
    },
    { header: 'Justificatifs', cell: (l) => <EnrolmentProofs enrolmentId={l.enrolment_id} subject={l.name} size="small" /> },
  ];
}

/** /formateur/courses/:id/apprenants: who follows the course, how far, how long, their quiz results; where learners stop; each question's success. */
export default function CourseLearnersPage() {
  const courseId = parseCourseId(useParams().id) ?? 0;
  const query = useCourseLearners(courseId);
  const csv = useDownloadLearnersCsv();
  const data = useFirstArrival(query.data);
  usePageTitle(data ? `Apprenants – ${data.course.title}` : 'Apprenants du cours');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to={webPaths.trainerCourses} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        Mes cours
      </Link>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        {data ? `Apprenants – ${data.course.title}` : 'Apprenants du cours'}
      </Typography>
      {!data ? (
        <QueryStatus query={query} loadingLabel="Chargement des apprenants" errorMessage={query.error?.message ?? 'Les apprenants ne peuvent pas être chargés.'} />
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}>
            <Typography color="text.secondary">{plural(data.learners.length, 'personne inscrite', 'personnes inscrites')}</Typography>
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={csv.isPending || data.learners.length === 0} onClick={() => csv.mutate(courseId)}>
              Télécharger le tableau (CSV)
            </Button>
          </Stack>
          {csv.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {csv.error.message}
            </Alert>
          )}
          {data.drop_off && (
            <Alert severity="info" sx={{ mb: 3 }}>
              Leçon où les apprenants s'arrêtent le plus souvent : « {data.drop_off.title} » ({plural(data.drop_off.learners, 'personne')} sans avoir terminé le cours).
            </Alert>
          )}
          {data.learners.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography>Personne n'est encore inscrit à ce cours.</Typography>
            </Paper>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ mb: 4 }}>
              <Table size="small">
                <caption style={visuallyHidden}>Progression, temps à l'écran, dernière activité et résultats aux quiz de chaque personne inscrite.</caption>
                <TableHead>
                  <TableRow>
                    {learnerColumns(data).map((c) => (
                      <TableCell key={c.header} scope="col">
                        {c.header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.learners.map((l) => (
                    <TableRow key={l.enrolment_id}>
                      {learnerColumns(data).map((c) => (
                        <TableCell key={c.header}>{c.cell(l)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Typography variant="h5" component="h2" sx={{ color: 'primary.dark', mb: 2 }}>
            Réussite par question
          </Typography>
          {data.quizzes.length === 0 && <Typography color="text.secondary">Ce cours n'a pas de quiz.</Typography>}
          {data.quizzes.map((quiz) => (
            <Box key={quiz.lesson_id} component="section" aria-labelledby={`quiz-${quiz.lesson_id}`} sx={{ mb: 3 }}>
              <Typography id={`quiz-${quiz.lesson_id}`} variant="h6" component="h3" sx={{ mb: 1 }}>
                {quiz.title} (seuil de réussite {quiz.pass_mark} %)
              </Typography>
              <TableContainer component={Paper} variant="outlined">
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">Question</TableCell>
                      <TableCell scope="col">Réponses</TableCell>
                      <TableCell scope="col">Taux de réussite</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {quiz.questions.map((q) => (
                      <TableRow key={q.question_id}>
                        <TableCell>
                          {q.position + 1}. {q.prompt}
                        </TableCell>
                        <TableCell>{q.answers}</TableCell>
                        <TableCell>{q.success_rate === null ? 'Aucune réponse' : `${q.success_rate} %`}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          ))}
        </>
      )}
    </Container>
  );
}
