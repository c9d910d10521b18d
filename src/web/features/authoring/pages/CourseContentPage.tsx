import ArrowBackIcon from '../../../components/icons/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { canEditCourse, parseCourseId } from '../../../../shared/courses';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { toActor, useSession } from '../../../lib/session';
import { useCourse } from '../../courses';
import { useOutline } from '../api/get-outline';
import { InformationForm } from '../components/InformationForm';
import { OutlineEditor } from '../components/OutlineEditor';
import { SubmissionPanel } from '../components/SubmissionPanel';

const REFUSED = "Ce cours n'existe pas ou vous ne pouvez pas modifier son contenu.";

/** /formateur/courses/{id}/contenu: the public information, chapters and text lessons of a course, for its author or an administrator. */
export default function CourseContentPage() {
  usePageTitle('Contenu du cours');
  const { id: rawId } = useParams();
  const id = parseCourseId(rawId ?? '');
  const user = useSession((state) => state.user);
  const course = useCourse(id);
  const editable = course.data ? canEditCourse(user ? toActor(user) : null, { authorId: course.data.user.id }) : false;
  const outline = useOutline(editable ? id : null);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Button component={RouterLink} to={webPaths.trainerCourses} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Mes cours
      </Button>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Contenu du cours
      </Typography>
      {course.data && (
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {course.data.title}
        </Typography>
      )}
      {id !== null && course.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement du cours" />
        </Box>
      )}
      {(id === null || course.isError || (course.data && !editable)) && <Alert severity="error">{REFUSED}</Alert>}
      {course.data && editable && id !== null && (
        <>
          {/* First: the state of the review and the administrator's reason are what the author comes for. */}
          {outline.data && (
            <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, mb: 4 }}>
              <SubmissionPanel course={course.data} lessonCount={outline.data.total_lessons} />
            </Paper>
          )}
          <Button component={RouterLink} to={webPaths.courseSessions(id)} variant="outlined" sx={{ mb: 3 }}>
            Planifier les sessions en direct
          </Button>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, mb: 4 }}>
            <InformationForm key={course.data.id} courseId={id} information={course.data} />
          </Paper>
          <Divider sx={{ mb: 3 }} />
          {outline.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Chargement des chapitres" />
            </Box>
          )}
          {outline.isError && <Alert severity="error">{outline.error.message}</Alert>}
          {outline.data && <OutlineEditor courseId={id} outline={outline.data} />}
        </>
      )}
    </Container>
  );
}
