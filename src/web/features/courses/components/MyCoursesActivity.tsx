import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CourseItem } from '../../../../shared/courses';
import { courseDuration } from '../../../../shared/course-rules';
import { webPaths } from '../../../../shared/web-paths';
import { useMyCourses } from '../api/get-my-courses';
import { CourseImage } from './CourseImage';

function CourseRow({ course }: { course: CourseItem }) {
  return (
    <Paper component="li" variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5 }}>
      <Box sx={{ width: 96, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        {/* Decorative here: the title next to it says what the course is. */}
        <CourseImage src={course.image} alt="" height={60} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={webPaths.courseDetail(course.id)} sx={{ fontWeight: 600 }}>
          {course.title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {course.category.name} · {courseDuration(course.lesson_minutes)} · {course.user.name}
        </Typography>
      </Box>
    </Paper>
  );
}

function CourseSection({ title, courses, empty }: { title: string; courses: CourseItem[]; empty: string }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title} ({courses.length})
      </Typography>
      {courses.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {courses.map((course) => (
            <CourseRow key={course.id} course={course} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The profile's 'Activité' tab: the courses the user joined and those saved for later. */
export function MyCoursesActivity() {
  const mine = useMyCourses();
  if (mine.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Chargement de vos cours" />
      </Box>
    );
  }
  if (mine.isError) return <Alert severity="error">{mine.error.message}</Alert>;
  return (
    <Stack spacing={4}>
      <CourseSection title="Mes inscriptions" courses={mine.data.enrolled} empty="Vous n'êtes inscrit à aucun cours pour le moment." />
      <CourseSection title="Sauvegardés pour plus tard" courses={mine.data.saved} empty="Aucun cours sauvegardé pour le moment." />
      <Box>
        <Button component={RouterLink} to={webPaths.catalogue} variant="outlined">
          Explorer les cours
        </Button>
      </Box>
    </Stack>
  );
}
