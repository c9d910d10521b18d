import AddIcon from '../../../components/icons/Add';
import DeleteIcon from '../../../components/icons/Delete';
import EditIcon from '../../../components/icons/Edit';
import ForumIcon from '../../../components/icons/Forum';
import GroupIcon from '../../../components/icons/Group';
import ListAltIcon from '../../../components/icons/ListAlt';
import RateReviewIcon from '../../../components/icons/RateReview';
import VisibilityIcon from '../../../components/icons/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ActivityPanel } from '../../activity';
import { TOAST_MS } from '../../../../shared/constants';
import type { CourseItem } from '../../../../shared/courses';
import { advisedPace, courseDuration } from '../../../../shared/course-rules';
import { webPaths } from '../../../../shared/web-paths';
import { toQuery } from '../../../lib/api-client';
import { formatDate } from '../../../../shared/french-format';
import { useDeleteCourse } from '../api/delete-course';
import { useTrainerCourses } from '../api/get-trainer-courses';
import { CourseImage } from '../components/CourseImage';
import { CoursePrice } from '../components/CoursePrice';
import { CourseStatusChip } from '../components/CourseStatusChip';
import { courseImageAlt } from '../components/course-text';
import { usePageTitle } from '../../../lib/page-title';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** What the author must know about the review: the reason of a refusal, or that the course awaits validation. */
function ReviewNotice({ course }: { course: CourseItem }) {
  if ((course.status === 'changes_requested' || course.status === 'unpublished') && course.review_reason) {
    return (
      <Alert severity="warning">
        <strong>{course.status === 'changes_requested' ? 'Modifications demandées : ' : 'Dépublié : '}</strong>
        <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {course.review_reason}
        </Box>
      </Alert>
    );
  }
  if (course.status === 'submitted') return <Typography variant="body2">Un administrateur va examiner ce cours avant sa publication.</Typography>;
  if (course.status === 'draft') return <Typography variant="body2">Ajoutez son contenu, puis soumettez-le pour validation depuis « Contenu ».</Typography>;
  return null;
}

function editHref(id: number): string {
  return `${webPaths.addCourse}${toQuery({ edit: id })}`;
}

/** /formateur/courses: the trainer's own courses, drafts included, with edit and delete. */
export default function TrainerCoursesPage() {
  usePageTitle('Mes cours');
  const courses = useTrainerCourses();
  const removal = useDeleteCourse();
  const [toDelete, setToDelete] = useState<CourseItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    const { id, title } = toDelete;
    removal.mutate(id, {
      onSuccess: () => {
        setToDelete(null);
        setNotice(`Le cours « ${title} » a été supprimé.`);
      },
    });
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 4 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ color: 'primary.dark' }}>
            Mes cours
          </Typography>
          <Typography color="text.secondary">Vos cours et leur état de validation : un cours est publié après validation par un administrateur.</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={RouterLink} to={webPaths.trainerSatisfaction} variant="outlined" size="large" startIcon={<RateReviewIcon />}>
            Avis des apprenants
          </Button>
          <Button component={RouterLink} to={webPaths.addCourse} variant="contained" size="large" startIcon={<AddIcon />}>
            Créer un cours
          </Button>
        </Stack>
      </Stack>
      <ActivityPanel />

      {courses.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement de vos cours" />
        </Box>
      )}
      {courses.isError && <Alert severity="error">{courses.error.message}</Alert>}
      {courses.data && courses.data.items.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>Vous n'avez pas encore créé de cours.</Typography>
          <Button component={RouterLink} to={webPaths.addCourse} variant="outlined">
            Créer mon premier cours
          </Button>
        </Paper>
      )}

      {courses.data && courses.data.items.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {courses.data.items.map((course) => (
            <Paper component="li" variant="outlined" key={course.id} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, overflow: 'hidden' }}>
              <Box sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}>
                <CourseImage src={course.image} alt={courseImageAlt(course)} height={150} authenticated={course.status !== 'published'} />
              </Box>
              <Box sx={{ p: 2, flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <CourseStatusChip status={course.status} />
                  <Chip size="small" label={course.category.name} variant="outlined" />
                </Stack>
                <Typography component="h2" variant="h6">
                  {course.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {courseDuration(course.lesson_minutes)}, {advisedPace(course.duration)} · créé le {formatDate(course.created_at)}
                </Typography>
                <CoursePrice price={course.price} discountPrice={course.discountPrice} />
                <ReviewNotice course={course} />
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
                  <Button component={RouterLink} to={webPaths.courseDetail(course.id)} startIcon={<VisibilityIcon />} aria-label={`Voir le cours ${course.title}`}>
                    Voir
                  </Button>
                  <Button component={RouterLink} to={editHref(course.id)} startIcon={<EditIcon />} aria-label={`Modifier le cours ${course.title}`}>
                    Modifier
                  </Button>
                  <Button component={RouterLink} to={webPaths.courseContent(course.id)} startIcon={<ListAltIcon />} aria-label={`Contenu du cours ${course.title}`}>
                    Contenu
                  </Button>
                  <Button component={RouterLink} to={webPaths.courseDiscussions(course.id)} startIcon={<ForumIcon />} aria-label={`Discussions du cours ${course.title}`}>
                    Discussions
                  </Button>
                  <Button component={RouterLink} to={webPaths.courseLearners(course.id)} startIcon={<GroupIcon />} aria-label={`Apprenants du cours ${course.title}`}>
                    Apprenants
                  </Button>
                  {/* A published course is unpublished, never deleted with its learners' records (issue 25). */}
                  {course.status !== 'published' && (
                    <Button color="error" startIcon={<DeleteIcon />} onClick={() => setToDelete(course)} aria-label={`Supprimer le cours ${course.title}`}>
                      Supprimer
                    </Button>
                  )}
                </Stack>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer ce cours ?"
        confirmLabel="Supprimer"
        pending={removal.isPending}
        error={removal.error?.message}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        « {toDelete?.title} » sera définitivement supprimé, avec son image, sa pièce jointe et les inscriptions des apprenants.
      </ConfirmDialog>

      <Snackbar open={Boolean(notice)} autoHideDuration={TOAST_MS} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} closeText="Fermer">
          {notice}
        </Alert>
      </Snackbar>
    </Container>
  );
}
