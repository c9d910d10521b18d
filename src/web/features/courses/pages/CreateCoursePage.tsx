import ArrowBackIcon from '../../../components/icons/ArrowBack';
import ListAltIcon from '../../../components/icons/ListAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { canEditCourse, parseCourseId } from '../../../../shared/courses';
import { webPaths } from '../../../../shared/web-paths';
import { toActor, useSession } from '../../../lib/session';
import { useCourse } from '../api/get-course';
import { CourseForm } from '../components/CourseForm';
import { usePageTitle } from '../../../lib/page-title';

/**
 * /formateur/add-course and /instructor/courses/create: a new course; with `?edit={id}`, the same
 * form for an existing course of the trainer (or any course, for an administrator).
 */
export default function CreateCoursePage() {
  const [searchParams] = useSearchParams();
  const editParam = searchParams.get('edit');
  return editParam === null ? <CreateCourse /> : <EditCourse id={parseCourseId(editParam)} />;
}

function Header({ title, intro }: { title: string; intro: string }) {
  usePageTitle(title);
  return (
    <>
      <Button component={RouterLink} to={webPaths.trainerCourses} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Mes cours
      </Button>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
    </>
  );
}

function CreateCourse() {
  const navigate = useNavigate();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Header
        title="Créer un nouveau cours"
        intro="Présentez votre formation : les champs marqués d'un astérisque sont obligatoires. Les prix sont en euros, toutes taxes comprises."
      />
      {/* A new course is an empty draft: straight on to its content (issue 25). */}
      <CourseForm onDone={(created) => navigate(webPaths.courseContent(created.id))} />
    </Container>
  );
}

function EditCourse({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const course = useCourse(id);
  const editable = course.data && canEditCourse((user ? toActor(user) : null), { authorId: course.data.user.id });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Header title="Modifier le cours" intro="Modifiez les informations du cours ; une nouvelle image ou pièce jointe remplace l'actuelle." />
      {id !== null && course.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement du cours" />
        </Box>
      )}
      {(id === null || course.isError || (course.data && !editable)) && (
        <Alert severity="error">Ce cours n'existe pas ou vous ne pouvez pas le modifier.</Alert>
      )}
      {course.data && editable && (
        <Button component={RouterLink} to={webPaths.courseContent(course.data.id)} variant="outlined" startIcon={<ListAltIcon />} sx={{ mb: 3 }}>
          Chapitres, leçons et informations publiques
        </Button>
      )}
      {course.data && editable && <CourseForm key={course.data.id} course={course.data} onDone={() => navigate(webPaths.trainerCourses)} />}
    </Container>
  );
}
