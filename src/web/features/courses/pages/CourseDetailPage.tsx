import AllInclusiveIcon from '../../../components/icons/AllInclusive';
import ArrowBackIcon from '../../../components/icons/ArrowBack';
import BookmarkAddIcon from '../../../components/icons/BookmarkAdd';
import BookmarkRemoveIcon from '../../../components/icons/BookmarkRemove';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import DevicesIcon from '../../../components/icons/Devices';
import DownloadIcon from '../../../components/icons/Download';
import EditIcon from '../../../components/icons/Edit';
import FolderZipIcon from '../../../components/icons/FolderZip';
import MenuBookIcon from '../../../components/icons/MenuBook';
import PlayArrowIcon from '../../../components/icons/PlayArrow';
import ScheduleIcon from '../../../components/icons/Schedule';
import VerifiedIcon from '../../../components/icons/Verified';
import WorkspacePremiumIcon from '../../../components/icons/WorkspacePremium';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import GlobalStyles from '@mui/material/GlobalStyles';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { REFUND_GUARANTEE_DAYS } from '../../../../shared/constants';
import { advisedPace, canDownloadAttachment, canEditCourse, courseDuration, courseStatusLabels, isCourseAuthor, parseCourseId, type CourseDetail } from '../../../../shared/courses';
import { webPaths } from '../../../../shared/web-paths';
import { readReturnState, type ReturnState } from '../../../lib/route-access';
import { ContactButton } from '../../messages';
import { ApiError, downloadFile, toQuery } from '../../../lib/api-client';
import { formatFileSize } from '../../../../shared/french-format';
import { toActor, useSession } from '../../../lib/session';
import { useCourse } from '../api/get-course';
import { useCourseOutline } from '../api/get-course-outline';
import { useSetEnrolment } from '../api/set-enrolment';
import { useSetSaved } from '../api/set-saved';
import { CourseImage } from '../components/CourseImage';
import { CourseOutline } from '../components/CourseOutline';
import { CoursePracticalInformation, CoursePublicInformation } from '../components/CoursePublicInformation';
import { CourseResults } from '../components/CourseResults';
import { CoursePrice } from '../components/CoursePrice';
import { lessonTotals } from '../../../lib/durations';
import { courseImageAlt, initials } from '../components/course-text';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { CourseRatingSummary } from '../../satisfaction';

// The discussions' forms (react-hook-form, zod) load when the tab opens (issue 26).
const CourseDiscussions = lazy(() => import('../../discussions').then((m) => ({ default: m.CourseDiscussions })));

const features: { icon: ReactNode; label: string }[] = [
  { icon: <AllInclusiveIcon />, label: 'Accès à vie' },
  { icon: <DevicesIcon />, label: 'Accès sur mobile et TV' },
  { icon: <WorkspacePremiumIcon />, label: 'Certificat de réussite' },
  { icon: <FolderZipIcon />, label: 'Ressources téléchargeables' },
  { icon: <VerifiedIcon />, label: `Garantie de remboursement de ${REFUND_GUARANTEE_DAYS} jours` },
];

/** Said to the course's author instead of the enrolment button: the server refuses it (403 own_course). */
const OWN_COURSE_NOTE = 'Vous êtes l’auteur de ce cours : vous en avez l’aperçu complet, sans vous y inscrire.';

/** Room kept under a focused control so the phone's price bar never covers it (WCAG 2.4.11). */
const PRICE_BAR_ROOM_PX = 96;

/**
 * Below the medium breakpoint the side panel comes after the whole description: this bar keeps the
 * price and the enrolment in reach at the bottom of the screen, and lands after the content at the end.
 */
function PriceBar({ course, pending, onEnrol, ownCourse }: { course: CourseDetail; pending: boolean; onEnrol: () => void; ownCourse: boolean }) {
  return (
    <>
      <GlobalStyles styles={{ html: { scrollPaddingBottom: PRICE_BAR_ROOM_PX } }} />
      <Paper
        component="section"
        aria-label="Prix et inscription"
        elevation={8}
        sx={{
          display: 'flex',
          position: 'sticky',
          bottom: 0,
          zIndex: 'appBar',
          mt: 3,
          px: 2,
          py: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1.5,
        }}
      >
        <CoursePrice price={course.price} discountPrice={course.discountPrice} />
        {ownCourse ? (
          <Typography sx={{ fontWeight: 600 }}>{OWN_COURSE_NOTE}</Typography>
        ) : course.enrolled ? (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 600, color: 'success.dark' }}>Vous suivez ce cours.</Typography>
            <StartButton courseId={course.id} />
          </Stack>
        ) : (
          <Button variant="contained" disabled={pending} onClick={onEnrol}>
            S'inscrire maintenant
          </Button>
        )}
      </Paper>
    </>
  );
}

/*
 * The outline arrives after the course. Each part that shows it reads it itself, so that its answer re-renders
 * those parts alone, not the whole page already on screen (one blocking task on a phone: TBT).
 */

/** "Commencer", or "Reprendre" once a lesson is done: into the player, where it resumes at the right lesson. */
function StartButton({ courseId }: { courseId: number }) {
  const outline = useCourseOutline(courseId).data;
  if (!outline || outline.total_lessons === 0) return null;
  const started = outline.sections.some((section) => section.lessons.some((lesson) => lesson.completed));
  return (
    <Button component={RouterLink} to={webPaths.learn(courseId)} variant="contained" startIcon={<PlayArrowIcon />}>
      {started ? 'Reprendre' : 'Commencer'}
    </Button>
  );
}

/** Back to the catalogue this person can open: the learner's, or the visitors' one. */
function BackButton() {
  const signedIn = useSession((state) => state.isAuthenticated);
  return (
    <Button component={RouterLink} to={signedIn ? webPaths.catalogue : webPaths.publicCourses} startIcon={<ArrowBackIcon />} sx={{ mb: 3 }}>
      Retour aux cours
    </Button>
  );
}

/** How many lessons, and how long, once the outline is there. */
function LessonTotals({ courseId }: { courseId: number }) {
  const outline = useCourseOutline(courseId).data;
  if (!outline || outline.total_lessons === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <MenuBookIcon color="primary" aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>{lessonTotals(outline.total_lessons, outline.total_minutes)}</Typography>
    </Stack>
  );
}

/** The course's programme, mounted time-sliced when it first arrives. */
function OutlineSection({ courseId }: { courseId: number }) {
  const outline = useCourseOutline(courseId);
  const data = useFirstArrival(outline.data);
  return <CourseOutline courseId={courseId} outline={data} loading={data === undefined && !outline.isError} error={outline.error} />;
}

/** The discussions tab, whose new-thread form lists the course's lessons. */
function DiscussionsPanel({ courseId }: { courseId: number }) {
  const sections = useCourseOutline(courseId).data?.sections ?? [];
  return <CourseDiscussions courseId={courseId} lessons={sections.flatMap((section) => section.lessons.map(({ id, title }) => ({ id, title })))} />;
}

function CourseNotFound() {
  usePageTitle('Cours non trouvé');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <MenuBookIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', my: 2 }}>
        Cours non trouvé
      </Typography>
      <Typography sx={{ mb: 4 }}>Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.</Typography>
      <BackButton />
    </Container>
  );
}

/**
 * Spec section 2 'Course detail', loaded from the API by id so a reload or a shared link works: at
 * /user/courses/{id} for signed-in people, at /courses/{id} for everyone (through CourseOrCategoryPage).
 */
export default function CourseDetailPage() {
  const { id: rawId, slug } = useParams<{ id: string; slug: string }>();
  const id = parseCourseId(rawId ?? slug);
  const course = useCourse(id);

  if (id === null || (course.isError && course.error instanceof ApiError && course.error.status === 404)) return <CourseNotFound />;
  if (course.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <BackButton />
        <Alert severity="error">{course.error.message}</Alert>
      </Container>
    );
  }
  if (!course.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Chargement du cours" />
      </Box>
    );
  }
  return <CourseDetailView course={course.data} />;
}

function CourseDetailView({ course }: { course: CourseDetail }) {
  usePageTitle(course.title);
  const user = useSession((state) => state.user);
  const actor = (user ? toActor(user) : null);
  const enrolment = useSetEnrolment();
  const navigate = useNavigate();
  const location = useLocation();
  const enrolWish = readReturnState(location.state).enrolCourseId;
  // Back from signing up or in with the wish to join this course: join once, and forget the wish so a reload does not repeat it.
  useEffect(() => {
    if (!user || enrolWish !== course.id) return;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // A paid course is joined by signing its contract (issue 29): the wish leads there.
    if (!course.enrolled && course.price > 0) navigate(webPaths.courseContract(course.id));
    else if (!course.enrolled) enrolment.mutate({ id: course.id, enrolled: true });
  }, [user, enrolWish, course.id, course.enrolled, course.price, enrolment, navigate, location.pathname, location.search]);
  const saving = useSetSaved();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Not published (yet, or any more): only its author and administrators see it, nobody enrols.
  const isDraft = course.status !== 'published';
  const mayEdit = canEditCourse(actor, { authorId: course.user.id });
  // Its author previews it; enrolling, rating and the attestation are for others (issue 25).
  const ownCourse = isCourseAuthor(actor, { authorId: course.user.id });
  const mayDownload = canDownloadAttachment(actor, { authorId: course.user.id }, course.enrolled);
  // The course's discussions are for its learners, its trainer and administrators (issue 26).
  const mayDiscuss = Boolean(user) && (course.enrolled || ownCourse || actor?.role === 'admin');
  const [tab, setTab] = useState<'presentation' | 'discussions'>(location.hash === '#discussions' ? 'discussions' : 'presentation');
  const actionError = enrolment.error ?? saving.error;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  // A visitor signs up (or logs in) first; the course page comes back and enrols them.
  const signUpToEnrol: ReturnState = { from: webPaths.courseDetail(course.id), enrolCourseId: course.id };

  function enrol() {
    // A paid course: « S'inscrire » leads to its contrat de formation (issue 29).
    if (user && course.price > 0) navigate(webPaths.courseContract(course.id));
    else if (user) enrolment.mutate({ id: course.id, enrolled: true });
    else navigate(webPaths.signup, { state: signUpToEnrol });
  }

  async function download() {
    if (!course.attachment) return;
    setDownloadError(null);
    try {
      await downloadFile(`/api/courses/${course.id}/attachment`, course.attachment.name);
    } catch (error) {
      setDownloadError((error as Error).message);
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BackButton />
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' }, alignItems: 'start' }}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Chip label={course.category.name} color="primary" sx={{ fontWeight: 600 }} />
            {isDraft && <Chip label={courseStatusLabels[course.status]} color="warning" variant="outlined" />}
          </Stack>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, md: 40 }, mb: 2, color: 'primary.dark' }}>
            {course.title}
          </Typography>
          <Typography sx={{ fontSize: 18, mb: 3, whiteSpace: 'pre-line' }}>{course.description}</Typography>

          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 3, mb: 4 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ bgcolor: 'secondary.main' }} aria-hidden>
                {initials(course.user.name)}
              </Avatar>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Créé par
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={webPaths.trainerPublic(course.user.id)}>
                    {course.user.name}
                  </Link>
                </Typography>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ScheduleIcon color="primary" aria-hidden />
              <Typography>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  Durée :
                </Box>{' '}
                {courseDuration(course.lesson_minutes)}, {advisedPace(course.duration)}
              </Typography>
            </Stack>
            <CourseRatingSummary rating={course.rating} size="medium" />
            <LessonTotals courseId={course.id} />
          </Stack>

          {mayDiscuss && (
            <Tabs value={tab} onChange={(_event, next: 'presentation' | 'discussions') => setTab(next)} aria-label="Présentation et discussions du cours" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
              <Tab value="presentation" label="Présentation" id="onglet-presentation" aria-controls="panneau-presentation" />
              <Tab value="discussions" label="Discussions" id="onglet-discussions" aria-controls="panneau-discussions" />
            </Tabs>
          )}
          {mayDiscuss && tab === 'discussions' && (
            <Box role="tabpanel" id="panneau-discussions" aria-labelledby="onglet-discussions">
              <Suspense fallback={<CircularProgress aria-label="Chargement des discussions" />}>
                <DiscussionsPanel courseId={course.id} />
              </Suspense>
            </Box>
          )}
          <Box role={mayDiscuss ? 'tabpanel' : undefined} id="panneau-presentation" aria-labelledby={mayDiscuss ? 'onglet-presentation' : undefined} hidden={mayDiscuss && tab !== 'presentation'}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              Ce que comprend ce cours
            </Typography>
            <List dense sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {features.map((feature) => (
                <ListItem key={feature.label} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }} aria-hidden>
                    {feature.icon}
                  </ListItemIcon>
                  <ListItemText primary={feature.label} />
                </ListItem>
              ))}
            </List>
          </Paper>

          <CoursePublicInformation information={course} />

          <CoursePracticalInformation information={course} />

          <CourseResults courseId={course.id} />

          <OutlineSection courseId={course.id} />

          <Paper variant="outlined" component="section" aria-labelledby="formateur-titre" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="formateur-titre" variant="h5" component="h2" sx={{ mb: 2 }}>
              Votre formateur
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.main' }} aria-hidden>
                {initials(course.user.name)}
              </Avatar>
              <Box>
                <Typography sx={{ fontWeight: 700, fontSize: 18 }}>
                  <Link component={RouterLink} to={webPaths.trainerPublic(course.user.id)}>
                    {course.user.name}
                  </Link>
                </Typography>
                <Typography color="text.secondary">
                  Membre de l'équipe pédagogique EcoForma, spécialiste « {course.category.name} ».
                </Typography>
              </Box>
            </Stack>
          </Paper>
          </Box>
        </Box>

        <Paper variant="outlined" component="aside" aria-label="Inscription au cours" sx={{ overflow: 'hidden', position: { md: 'sticky' }, top: { md: 90 } }}>
          <CourseImage src={course.image} alt={courseImageAlt(course)} height={210} authenticated={isDraft} priority />
          <Box sx={{ p: 3 }}>
            <Box sx={{ mb: 2 }}>
              <CoursePrice price={course.price} discountPrice={course.discountPrice} size="large" />
            </Box>

            {isDraft ? (
              <Alert severity="info">Ce cours n'est pas publié : seuls son auteur et les administrateurs peuvent le voir.</Alert>
            ) : ownCourse ? (
              <Alert severity="info">{OWN_COURSE_NOTE}</Alert>
            ) : (
              <Stack spacing={1.5}>
                {course.enrolled ? (
                  <>
                    <Alert severity="success" icon={<CheckCircleIcon />} aria-live="polite">
                      Vous êtes inscrit à ce cours.
                    </Alert>
                    <StartButton courseId={course.id} />
                    {/* Issue 26: the learner writes to the course's trainer; the conversation opens on /messages. */}
                    <ContactButton recipientId={course.user.id} courseId={course.id} variant="outlined" fullWidth>
                      Contacter le formateur
                    </ContactButton>
                    {course.price > 0 ? (
                      <Button variant="outlined" color="primary" component={RouterLink} to={webPaths.myContracts}>
                        Mon contrat et mes échéances
                      </Button>
                    ) : (
                      <Button variant="outlined" color="primary" disabled={enrolment.isPending} onClick={() => enrolment.mutate({ id: course.id, enrolled: false })}>
                        Se désinscrire
                      </Button>
                    )}
                  </>
                ) : (
                  <Button variant="contained" size="large" disabled={enrolment.isPending} onClick={enrol}>
                    S'inscrire maintenant
                  </Button>
                )}
                {/* Issue 29: an organisation buys seats for its members through a quote. */}
                {actor?.role === 'organisme' && course.price > 0 && (
                  <Button component={RouterLink} to={`${webPaths.organisationQuotes}?course=${course.id}`} variant="outlined" size="large">
                    Demander un devis
                  </Button>
                )}
                {!user && (
                  <Typography variant="body2" sx={{ textAlign: 'center' }}>
                    Déjà un compte ?{' '}
                    <Link component={RouterLink} to={webPaths.login} state={signUpToEnrol} sx={{ fontWeight: 600 }}>
                      Connectez-vous pour vous inscrire
                    </Link>
                  </Typography>
                )}
                {user && (
                  <Button
                    variant="outlined"
                    size="large"
                    aria-pressed={course.saved}
                    disabled={saving.isPending}
                    startIcon={course.saved ? <BookmarkRemoveIcon /> : <BookmarkAddIcon />}
                    onClick={() => saving.mutate({ id: course.id, saved: !course.saved })}
                  >
                    {course.saved ? 'Retirer des favoris' : 'Sauvegarder pour plus tard'}
                  </Button>
                )}
                {course.saved && (
                  <Typography variant="body2" color="text.secondary" aria-live="polite">
                    Ce cours est sauvegardé dans l'onglet « Activité » de votre profil.
                  </Typography>
                )}
              </Stack>
            )}
            {actionError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {actionError.message}
              </Alert>
            )}

            {course.attachment && mayDownload && (
              <Box sx={{ mt: 3 }}>
                <Divider sx={{ mb: 2 }} />
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                  Ressource du cours
                </Typography>
                <Button variant="text" startIcon={<DownloadIcon />} onClick={download} sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
                  Télécharger « {course.attachment.name} » ({formatFileSize(course.attachment.size)})
                </Button>
                {downloadError && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {downloadError}
                  </Alert>
                )}
              </Box>
            )}
            {course.attachment && !mayDownload && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Une ressource téléchargeable est disponible après l'inscription.
              </Typography>
            )}

            {mayEdit && (
              <Button
                component={RouterLink}
                to={`${webPaths.addCourse}${toQuery({ edit: course.id })}`}
                startIcon={<EditIcon />}
                sx={{ mt: 2 }}
              >
                Modifier ce cours
              </Button>
            )}
          </Box>
        </Paper>
      </Box>
      {narrow && !isDraft && <PriceBar course={course} pending={enrolment.isPending} onEnrol={enrol} ownCourse={ownCourse} />}
    </Container>
  );
}
