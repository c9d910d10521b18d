import ArrowBackIcon from '../../../components/icons/ArrowBack';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import ChevronLeftIcon from '../../../components/icons/ChevronLeft';
import ChevronRightIcon from '../../../components/icons/ChevronRight';
import ExpandLessIcon from '../../../components/icons/ExpandLess';
import ExpandMoreIcon from '../../../components/icons/ExpandMore';
import LockIcon from '../../../components/icons/Lock';
import MenuBookIcon from '../../../components/icons/MenuBook';
import ScheduleIcon from '../../../components/icons/Schedule';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import type { CourseDetail } from '../../../../shared/courses';
import { isCourseAuthor, parseCourseId } from '../../../../shared/courses';
import { useSession } from '../../../lib/session';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import type { CourseOutline } from '../../../../shared/learning';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useCourse } from '../../courses';
import { useLessonHeartbeat } from '../../attendance';
import { ContactButton } from '../../messages';
import { useCompleteLesson } from '../api/complete-lesson';
import { useLesson } from '../api/get-lesson';
import { useOutline } from '../api/get-outline';
import { LessonMain } from '../components/LessonMain';
import { OutlineNav } from '../components/OutlineNav';
import { CourseSessionsOutline } from '../../sessions';
import { ProgressSummary } from '../components/ProgressSummary';
import { formatMinutes } from '../../../../shared/french-format';
import { countedLessons, lessonsInOrder } from '../../../../shared/learning';
import { outlineProgress } from '../outline';

// Only a quiz lesson, and a completed course, need these: their forms (react-hook-form, zod) load then,
// not with every lesson (decision 031).
const QuizPlayer = lazy(() => import('../components/QuizPlayer').then((m) => ({ default: m.QuizPlayer })));
const SatisfactionCard = lazy(() => import('../../satisfaction').then((m) => ({ default: m.SatisfactionCard })));
// The discussions' forms (react-hook-form, zod) load when the tab opens (issue 26).
const CourseDiscussions = lazy(() => import('../../discussions').then((m) => ({ default: m.CourseDiscussions })));

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  usePageTitle('Erreur de chargement');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Réessayer
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

/** A full-page message (unknown course, course without lessons) with one way out. */
function Notice({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <MenuBookIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', my: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 4 }}>{text}</Typography>
      {action}
    </Container>
  );
}

function CourseNotFound() {
  return (
    <Notice
      title="Cours non trouvé"
      text="Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès."
      action={
        <Button component={RouterLink} to={webPaths.myLearning} variant="contained" startIcon={<ArrowBackIcon />}>
          Retour à mes formations
        </Button>
      }
    />
  );
}

/**
 * Spec issue 12 "The player": `/user/courses/{id}/learn/{lessonId}`, or without a lesson the one where
 * the learner resumes. The course and its outline load first; the lesson then loads beside the outline.
 */
export default function PlayerPage() {
  const params = useParams<{ id: string; lessonId?: string }>();
  const courseId = parseCourseId(params.id);
  const course = useCourse(courseId);
  const outline = useOutline(courseId);
  // Mounted time-sliced once both have arrived (decision 069); a lesson completed later shows at once.
  const courseData = useFirstArrival(course.data);
  const outlineData = useFirstArrival(outline.data);

  if (courseId === null || isStatus(course.error, 404) || isStatus(outline.error, 404)) return <CourseNotFound />;
  const failed = course.error ?? outline.error;
  if (failed) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <LoadError
          error={failed}
          onRetry={() => {
            void course.refetch();
            void outline.refetch();
          }}
        />
      </Container>
    );
  }
  if (!courseData || !outlineData) return <Loading label="Chargement du cours" />;

  if (outlineData.total_lessons === 0) {
    return (
      <Notice
        title={courseData.title}
        text="Ce cours ne contient pas encore de leçon. Revenez bientôt : son formateur prépare le contenu."
        action={
          <Button component={RouterLink} to={webPaths.courseDetail(courseId)} variant="contained" startIcon={<ArrowBackIcon />}>
            Retour au cours
          </Button>
        }
      />
    );
  }
  if (params.lessonId === undefined) return <Resume course={courseData} outline={outlineData} />;
  return <Player course={courseData} outline={outlineData} lessonId={parseCourseId(params.lessonId)} />;
}

/**
 * Opens the lesson where the learner left off, as the outline gives it (the last one opened, else the
 * first not completed): its early request is already on its way (decision 035). Someone not enrolled
 * has nothing to resume: the first lesson tells them what to do.
 */
function Resume({ course, outline }: { course: CourseDetail; outline: CourseOutline }) {
  const target = outline.resume_lesson_id;
  return target === null ? null : <Navigate to={webPaths.learn(course.id, target)} replace />;
}

function Player({ course, outline, lessonId }: { course: CourseDetail; outline: CourseOutline; lessonId: number | null }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [outlineOpen, setOutlineOpen] = useState(false);
  // On a phone the outline is folded: its lessons are rendered the first time it opens, not with the page.
  const [outlineShown, setOutlineShown] = useState(false);
  const [tab, setTab] = useState<'lesson' | 'discussions'>('lesson');
  const user = useSession((state) => state.user);
  // The course's discussions are for its learners, its trainer and administrators (issue 26).
  const mayDiscuss = Boolean(course.enrolled) || isCourseAuthor(user, { authorId: course.user.id }) || user?.role === 'admin';
  const progress = outlineProgress(outline);
  const outlineNav = (
    <>
      <OutlineNav courseId={course.id} outline={outline} currentLessonId={lessonId ?? 0} onNavigate={() => setOutlineOpen(false)} />
      {course.enrolled && <CourseSessionsOutline courseId={course.id} />}
    </>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        <Link component={RouterLink} to={webPaths.courseDetail(course.id)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
          <ArrowBackIcon fontSize="small" aria-hidden />
          {course.title}
        </Link>
        {course.enrolled && (
          <Box sx={{ maxWidth: 480 }}>
            <ProgressSummary {...progress} label="Progression dans le cours" />
          </Box>
        )}
      </Stack>

      <Box sx={{ display: 'grid', gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
        {phone ? (
          <Box>
            <Button
              variant="outlined"
              fullWidth
              aria-expanded={outlineOpen}
              aria-controls="plan-du-cours"
              endIcon={outlineOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              onClick={() => {
                setOutlineShown(true);
                setOutlineOpen((open) => !open);
              }}
            >
              {outlineOpen ? 'Masquer le plan du cours' : 'Afficher le plan du cours'}
            </Button>
            <Collapse in={outlineOpen} id="plan-du-cours">
              <Paper variant="outlined" sx={{ mt: 1 }}>
                {(outlineShown || outlineOpen) && outlineNav}
              </Paper>
            </Collapse>
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ position: 'sticky', top: 90, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' }}>
            {outlineNav}
          </Paper>
        )}
        {lessonId === null ? (
          <LessonNotFound courseId={course.id} />
        ) : mayDiscuss ? (
          <Box sx={{ minWidth: 0 }}>
            <Tabs value={tab} onChange={(_event, next: 'lesson' | 'discussions') => setTab(next)} aria-label="Leçon et discussions" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
              <Tab value="lesson" label="Leçon" id="onglet-lecon" aria-controls="panneau-lecon" />
              <Tab value="discussions" label="Discussions" id="onglet-discussions" aria-controls="panneau-discussions" />
            </Tabs>
            <Box role="tabpanel" id="panneau-lecon" aria-labelledby="onglet-lecon" hidden={tab !== 'lesson'}>
              <LessonPane course={course} outline={outline} lessonId={lessonId} />
            </Box>
            <Box role="tabpanel" id="panneau-discussions" aria-labelledby="onglet-discussions" hidden={tab !== 'discussions'}>
              {tab === 'discussions' && (
                <>
                  <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 34 }, color: 'primary.dark', mb: 3 }}>
                    Discussions du cours
                  </Typography>
                  <Suspense fallback={<CircularProgress aria-label="Chargement des discussions" />}>
                    <CourseDiscussions courseId={course.id} lessons={lessonsInOrder(outline).map(({ id, title }) => ({ id, title }))} currentLessonId={lessonId} title="Questions et échanges" />
                  </Suspense>
                </>
              )}
            </Box>
          </Box>
        ) : (
          <LessonPane course={course} outline={outline} lessonId={lessonId} />
        )}
      </Box>
    </Container>
  );
}

function LessonNotFound({ courseId }: { courseId: number }) {
  usePageTitle('Leçon introuvable');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 2 }}>
        Leçon introuvable
      </Typography>
      <Typography sx={{ mb: 3 }}>Cette leçon n'existe pas ou ne fait plus partie de ce cours. Choisissez une leçon dans le plan du cours.</Typography>
      <Button component={RouterLink} to={webPaths.learn(courseId)} variant="contained">
        Reprendre le cours
      </Button>
    </Box>
  );
}

function NotEnrolled({ course }: { course: CourseDetail }) {
  usePageTitle(`Inscription requise – ${course.title}`);
  return (
    <Box>
      <LockIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', my: 2 }}>
        Vous n'êtes pas inscrit à ce cours
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Les leçons de « {course.title} » sont réservées aux personnes inscrites. Inscrivez-vous depuis la page du cours pour commencer à apprendre.
      </Typography>
      <Button component={RouterLink} to={webPaths.courseDetail(course.id)} variant="contained">
        Voir le cours et s'inscrire
      </Button>
    </Box>
  );
}

function LessonPane({ course, outline, lessonId }: { course: CourseDetail; outline: CourseOutline; lessonId: number }) {
  const lesson = useLesson(lessonId);
  // Time-sliced like the course and its outline: the lesson's text is rendered in a transition.
  const lessonData = useDeferredValue(lesson.data);
  // An author enrolled before issue 25 is not asked to rate their own course (the server refuses it).
  const ownCourse = isCourseAuthor(useSession((state) => state.user), { authorId: course.user.id });
  const complete = useCompleteLesson();
  // Attendance (issue 27): beats while an enrolled learner has this lesson on screen.
  useLessonHeartbeat(lessonId, Boolean(course.enrolled) && lesson.data?.course_id === course.id);

  if (isStatus(lesson.error, 403) || isStatus(lesson.error, 401)) return <NotEnrolled course={course} />;
  if (isStatus(lesson.error, 404) || (lesson.data && lesson.data.course_id !== course.id)) return <LessonNotFound courseId={course.id} />;
  if (lesson.error) return <LoadError error={lesson.error} onRetry={() => void lesson.refetch()} />;
  // The previous lesson's text is not shown while the next one's is on its way.
  const content = lessonData?.id === lessonId && lesson.data?.id === lessonId ? lesson.data : undefined;
  if (!content) return <Loading label="Chargement de la leçon" />;

  const order = lessonsInOrder(outline);
  const index = order.findIndex((entry) => entry.id === content.id);
  const previous = index > 0 ? order[index - 1] : undefined;
  const next = index >= 0 ? order[index + 1] : undefined;
  // The outline's mark is updated at once after "Marquer comme terminé"; the lesson's own flag follows.
  const completed = Boolean(order[index]?.completed ?? content.completed);

  return (
    <Box component="article" aria-labelledby="titre-lecon" sx={{ minWidth: 0 }}>
      {course.enrolled && <PositioningOffer courseId={course.id} outline={outline} currentLessonId={content.id} />}
      <LessonTitle title={content.title} courseTitle={course.title} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 3 }}>
        <ScheduleIcon fontSize="small" aria-hidden />
        <Typography variant="body2">Durée : {formatMinutes(content.duration_minutes)}</Typography>
      </Stack>

      {content.type === 'quiz' ? (
        // A quiz completes by being passed: no "Marquer comme terminé".
        <Suspense fallback={<CircularProgress aria-label="Chargement du quiz" />}>
          <QuizPlayer courseId={course.id} lessonId={content.id} enrolled={Boolean(course.enrolled)} />
        </Suspense>
      ) : (
        <LessonMain
          content={content}
          onWatched={() => {
            if (course.enrolled && !completed && !complete.isPending) complete.mutate({ courseId: course.id, lessonId: content.id });
          }}
          onLinkFailed={() => void lesson.refetch()}
        />
      )}

      <Divider sx={{ my: 4 }} />
      {content.type === 'quiz' ? null : course.enrolled && content.type === 'video' ? (
        <Box sx={{ mb: 3 }} aria-live="polite">
          {completed ? (
            <Alert icon={<CheckCircleIcon />} severity="success">
              Leçon terminée
            </Alert>
          ) : (
            <Typography color="text.secondary">La leçon sera marquée comme terminée quand vous aurez regardé 90 % de la vidéo.</Typography>
          )}
          {complete.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {complete.error.message}
            </Alert>
          )}
        </Box>
      ) : course.enrolled ? (
        <Box sx={{ mb: 3 }}>
          {/* One button throughout, so the focus stays on it once the lesson is done. */}
          <Button
            variant={completed ? 'outlined' : 'contained'}
            color={completed ? 'success' : 'primary'}
            size="large"
            startIcon={completed ? <CheckCircleIcon /> : undefined}
            aria-disabled={completed || complete.isPending || undefined}
            onClick={() => {
              if (!completed && !complete.isPending) complete.mutate({ courseId: course.id, lessonId: content.id });
            }}
          >
            {completed ? 'Leçon terminée' : 'Marquer comme terminé'}
          </Button>
          {complete.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {complete.error.message}
            </Alert>
          )}
        </Box>
      ) : (
        content.is_preview && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Cette leçon est en accès libre.{' '}
          <Link component={RouterLink} to={webPaths.courseDetail(course.id)}>
            Inscrivez-vous au cours
          </Link>{' '}
          pour suivre toutes les leçons et enregistrer votre progression.
        </Alert>
        )
      )}

      {/* Once the course is completed, right after the last lesson's button or the quiz's result. */}
      {course.enrolled && outline.completed_at && !ownCourse && (
        <Suspense fallback={null}>
          <SatisfactionCard courseId={course.id} />
        </Suspense>
      )}

      {/* Issue 26: a question about the lesson goes to the course's trainer, in a conversation on /messages. */}
      {course.enrolled && !ownCourse && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
          <Typography color="text.secondary">Une question sur cette leçon ?</Typography>
          <ContactButton recipientId={course.user.id} courseId={course.id}>
            Contacter le formateur
          </ContactButton>
        </Box>
      )}

      <Box component="nav" aria-label="Leçons précédente et suivante" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        {previous ? (
          <Button component={RouterLink} to={webPaths.learn(course.id, previous.id)} variant="outlined" startIcon={<ChevronLeftIcon />}>
            Leçon précédente
          </Button>
        ) : (
          <span />
        )}
        {next && (
          <Button component={RouterLink} to={webPaths.learn(course.id, next.id)} variant="contained" endIcon={<ChevronRightIcon />}>
            Leçon suivante
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The lesson itself, by type: the server's HTML, the video player, or the PDF reader. */
/**
 * « Test de positionnement »: offered to a learner who starts the course (no lesson done yet) and has
 * not taken it; never required, so « Plus tard » puts it away for this visit (indicator 8).
 */
function PositioningOffer({ courseId, outline, currentLessonId }: { courseId: number; outline: CourseOutline; currentLessonId: number }) {
  const [dismissed, setDismissed] = useState(false);
  const lessons = lessonsInOrder(outline);
  const test = lessons.find((lesson) => lesson.positioning && !lesson.completed);
  const started = countedLessons(lessons).some((lesson) => lesson.completed);
  if (dismissed || !test || started || test.id === currentLessonId) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to={webPaths.learn(courseId, test.id)} color="inherit" size="small" variant="outlined">
            Passer le test
          </Button>
          <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
            Plus tard
          </Button>
        </Stack>
      }
    >
      <AlertTitle>Test de positionnement</AlertTitle>
      Avant de commencer, situez votre niveau en quelques questions. Ce test est facultatif et ne compte pas dans votre progression.
    </Alert>
  );
}

function LessonTitle({ title, courseTitle }: { title: string; courseTitle: string }) {
  usePageTitle(`${title} – ${courseTitle}`);
  return (
    <Typography id="titre-lecon" variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 34 }, color: 'primary.dark', mb: 1 }}>
      {title}
    </Typography>
  );
}
