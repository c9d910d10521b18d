import ArrowBackIcon from '../../../components/icons/ArrowBack';
import ForumIcon from '../../../components/icons/Forum';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { parseCourseId } from '../../../../shared/course-rules';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useCourseLessons, useThreads } from '../api/discussions';
import { CourseDiscussions } from '../components/CourseDiscussions';

/**
 * `/user/courses/{id}/discussions/{threadId?}`: a course's discussions on their own page, where the
 * notifications of replies lead and the trainer comes from their course list. The open thread is in
 * the address, so a link or a reload opens it again.
 */
export default function CourseDiscussionsPage() {
  const params = useParams<{ id: string; threadId?: string }>();
  const courseId = parseCourseId(params.id);
  const threadId = params.threadId === undefined ? null : parseCourseId(params.threadId);
  const navigate = useNavigate();
  const threads = useThreads(courseId ?? 0, {}, courseId !== null);
  const lessons = useCourseLessons(courseId ?? 0);
  // Time-sliced (decision 056): the answer arrives through the query cache, whose updates React renders in one
  // blocking task; as a deferred value, the list and its search fields mount in a transition that yields to the
  // browser every few milliseconds. The title comes with them, in the same commit: shown before, it took two
  // lines on a phone and pushed the loading indicator down (CLS).
  const arrived = useDeferredValue(threads.data);
  const courseTitle = arrived?.course.title;
  usePageTitle(courseTitle ? `Discussions – ${courseTitle}` : 'Discussions');

  const refusal = threads.error instanceof ApiError && (threads.error.status === 403 || threads.error.status === 404) ? threads.error : null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {courseId !== null && (
        <Link component={RouterLink} to={webPaths.courseDetail(courseId)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
          <ArrowBackIcon fontSize="small" aria-hidden />
          {courseTitle ?? 'Retour au cours'}
        </Link>
      )}
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3, display: 'flex', alignItems: 'center', gap: 1.5, fontSize: { xs: 26, md: 34 } }}>
        <ForumIcon aria-hidden fontSize="large" />
        {courseTitle ? `Discussions : ${courseTitle}` : 'Discussions du cours'}
      </Typography>
      {courseId === null || (threadId === null && params.threadId !== undefined) ? (
        <Alert severity="error">Cette discussion est introuvable.</Alert>
      ) : refusal ? (
        <Alert severity={refusal.status === 403 ? 'warning' : 'error'}>{refusal.message}</Alert>
      ) : threads.error ? (
        <Alert severity="error">{threads.error.message}</Alert>
      ) : !arrived ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement des discussions" />
        </Box>
      ) : (
        <CourseDiscussions
          courseId={courseId}
          lessons={lessons.data ?? []}
          threadId={threadId}
          onThreadChange={(id) => navigate(webPaths.courseDiscussions(courseId, id ?? undefined))}
          title="Toutes les discussions"
        />
      )}
    </Container>
  );
}
