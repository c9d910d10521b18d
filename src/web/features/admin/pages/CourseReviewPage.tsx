import ArrowBackIcon from '../../../components/icons/ArrowBack';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import RadioButtonUncheckedIcon from '../../../components/icons/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { advisedPace, courseDuration, courseStatusLabels, parseCourseId, type CourseDetail } from '../../../../shared/courses';
import { lessonTypeLabels, type CourseOutline } from '../../../../shared/learning';
import { questionTypeLabels } from '../../../../shared/quiz';
import { reviewDoneMessages } from '../../../../shared/reviews';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { CourseImage, CoursePracticalInformation, CoursePublicInformation, CourseStatusChip, useCourse } from '../../courses';
import { LessonMain, lessonQueryOptions, useOutline } from '../../learning';
import { useCourseReviews } from '../api/get-course-reviews';
import { useQuizAnswers } from '../api/get-quiz-answers';
import { useReviewCourse, type ReviewDecision } from '../api/review-course';
import { formatEuros, formatMinutes, formatShortDateTime } from '../../../../shared/french-format';
import { CourseEvidencePanel } from '../../evidence';
import { ReasonDialog } from '../components/ReasonDialog';
import { Toast, useToast } from '../components/Toast';
import { CourseBpfFields } from '../../bpf';

type Dialog = 'request-changes' | 'unpublish' | null;

/**
 * A quiz's questions with their options, the right ones marked: what its learners will answer and
 * what counts as right. The answers come from the quiz's edit route, which the server refuses to
 * learners (only the course's author and administrators get it).
 */
function QuizAnswers({ lessonId, title }: { lessonId: number; title: string }) {
  const quiz = useQuizAnswers(lessonId);
  if (quiz.isPending) return <CircularProgress size={20} aria-label={`Chargement du quiz ${title}`} />;
  if (quiz.isError) return <Alert severity="error">{quiz.error.message}</Alert>;
  if (quiz.data.questions.length === 0) return <Typography color="text.secondary">Ce quiz n'a pas encore de question.</Typography>;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">Seuil de réussite : {quiz.data.pass_mark} %</Typography>
      <Box component="ol" aria-label={`Questions du quiz ${title}`} sx={{ m: 0, pl: 3 }}>
        {quiz.data.questions.map((question) => (
          <Box component="li" key={question.id} sx={{ mb: 1.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{question.prompt}</Typography>
            <Typography variant="body2" color="text.secondary">
              {questionTypeLabels[question.type]}
            </Typography>
            <Box component="ul" aria-label={`Réponses proposées : ${question.prompt}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
              {question.options.map((option) => (
                <Box component="li" key={option.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: option.correct ? 'success.dark' : 'text.primary' }}>
                  {option.correct ? <CheckCircleIcon fontSize="small" color="success" aria-hidden /> : <RadioButtonUncheckedIcon fontSize="small" color="disabled" aria-hidden />}
                  <span>{option.text}</span>
                  {option.correct && (
                    <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                      (bonne réponse)
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
            {question.explanation && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Explication : {question.explanation}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** Every lesson of the course, in order, as a learner would read it; a quiz with its right answers. */
function WholeContent({ outline }: { outline: CourseOutline }) {
  const lessons = outline.sections.flatMap((section) => section.lessons).filter((lesson) => lesson.type !== 'quiz');
  const contents = useQueries({ queries: lessons.map((lesson) => lessonQueryOptions(lesson.id)) });
  const byId = new Map(lessons.map((lesson, index) => [lesson.id, contents[index]]));
  if (outline.sections.length === 0) return <Typography>Ce cours n'a pas encore de chapitre.</Typography>;
  return (
    <Stack spacing={3}>
      {outline.sections.map((section, sectionIndex) => (
        <Box component="section" key={section.id} aria-labelledby={`chapitre-${section.id}`}>
          <Typography id={`chapitre-${section.id}`} variant="h5" component="h3" sx={{ mb: 1.5, color: 'primary.dark' }}>
            Chapitre {sectionIndex + 1} : {section.title}
          </Typography>
          {section.lessons.length === 0 && <Typography color="text.secondary">Aucune leçon dans ce chapitre.</Typography>}
          <Stack spacing={2}>
            {section.lessons.map((lesson) => {
              const content = byId.get(lesson.id);
              return (
                <Paper variant="outlined" component="article" key={lesson.id} aria-labelledby={`lecon-${lesson.id}`} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
                  <Typography id={`lecon-${lesson.id}`} variant="h6" component="h4">
                    {lesson.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                    {lessonTypeLabels[lesson.type]} · {formatMinutes(lesson.duration_minutes)}{lesson.is_preview ? ' · aperçu gratuit' : ''}
                  </Typography>
                  {lesson.type === 'quiz' ? (
                    <QuizAnswers lessonId={lesson.id} title={lesson.title} />
                  ) : (
                    <>
                      {content?.isPending && <CircularProgress size={20} aria-label={`Chargement de la leçon ${lesson.title}`} />}
                      {content?.isError && <Alert severity="error">{content.error.message}</Alert>}
                      {content?.data && content.data.type !== 'quiz' && <LessonMain content={content.data} onWatched={() => {}} onLinkFailed={() => void content.refetch()} />}
                    </>
                  )}
                </Paper>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function Decisions({ course, onDone }: { course: CourseDetail; onDone: (message: string, severity?: 'success' | 'error') => void }) {
  const review = useReviewCourse();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  function decide(decision: ReviewDecision) {
    setDialogError(null);
    review.mutate(decision, {
      onSuccess: () => {
        setDialog(null);
        onDone(reviewDoneMessages[decision.action === 'publish' ? 'publish' : decision.action === 'unpublish' ? 'unpublish' : 'request_changes']);
      },
      onError: (error) => (decision.action === 'publish' ? onDone(error.message, 'error') : setDialogError(error.message)),
    });
  }

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {course.status === 'submitted' && (
          <>
            <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} disabled={review.isPending} onClick={() => decide({ id: course.id, action: 'publish' })}>
              Publier
            </Button>
            <Button variant="outlined" color="warning" disabled={review.isPending} onClick={() => setDialog('request-changes')}>
              Demander des modifications
            </Button>
          </>
        )}
        {course.status === 'published' && (
          <Button variant="outlined" color="error" disabled={review.isPending} onClick={() => setDialog('unpublish')}>
            Dépublier
          </Button>
        )}
        {course.status !== 'submitted' && course.status !== 'published' && (
          <Typography>Aucune décision à prendre : ce cours n'est pas en attente de validation (état : « {courseStatusLabels[course.status]} »).</Typography>
        )}
      </Stack>
      <ReasonDialog
        open={dialog === 'request-changes'}
        title="Demander des modifications"
        explanation={`Le cours « ${course.title} » retourne à son auteur, qui lira ce motif avant de le soumettre à nouveau.`}
        confirmLabel="Envoyer la demande"
        pending={review.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => decide({ id: course.id, action: 'request-changes', reason })}
      />
      <ReasonDialog
        open={dialog === 'unpublish'}
        title="Dépublier le cours"
        explanation={`« ${course.title} » quittera le catalogue et ses apprenants n'y auront plus accès tant qu'il n'est pas publié de nouveau. Son auteur lira ce motif.`}
        confirmLabel="Dépublier"
        pending={review.isPending}
        error={dialogError}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => decide({ id: course.id, action: 'unpublish', reason })}
      />
    </>
  );
}

/** /admin/courses/{id}: everything a learner would see of the course, its review history, and the decisions. */
export default function CourseReviewPage() {
  const { id: rawId } = useParams();
  const id = parseCourseId(rawId ?? '');
  const course = useCourse(id);
  const outline = useOutline(course.data ? id : null);
  const reviews = useCourseReviews(course.data ? id : null);
  const { toast, show, close } = useToast();
  usePageTitle(course.data ? `Examen du cours ${course.data.title}` : 'Examen du cours');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to={webPaths.adminCourses} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Formations à valider
      </Button>
      {id !== null && course.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement du cours" />
        </Box>
      )}
      {(id === null || course.isError) && <Alert severity="error">Ce cours n'existe pas.</Alert>}
      {course.data && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <CourseStatusChip status={course.data.status} />
            <Typography variant="body2" color="text.secondary">
              {course.data.category.name} · par {course.data.user.name}
            </Typography>
          </Stack>
          <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {course.data.title}
          </Typography>
          {course.data.review_reason && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Motif actuel : {course.data.review_reason}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 4 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
              Décision
            </Typography>
            <Decisions course={course.data} onDone={show} />
          </Paper>

          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' }, mb: 4 }}>
            <CourseImage src={course.data.image} alt={`Image du cours ${course.data.title}`} height={180} authenticated={course.data.status !== 'published'} />
            <Box>
              <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{course.data.description}</Typography>
              <Typography variant="body2" color="text.secondary">
                Durée : {courseDuration(course.data.lesson_minutes)}, {advisedPace(course.data.duration)} · Prix : {formatEuros(course.data.discountPrice ?? course.data.price)}
              </Typography>
            </Box>
          </Box>

          <CoursePublicInformation information={course.data} />
          <CoursePracticalInformation information={course.data} />
          {course.data.objectives.length === 0 && !course.data.target_audience && !course.data.prerequisites && !course.data.assessment_methods && (
            <Alert severity="info">Les informations publiques (objectifs, public visé, prérequis, modalités d'évaluation) ne sont pas renseignées.</Alert>
          )}

          <Divider sx={{ my: 3 }} />
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Contenu du cours
          </Typography>
          {outline.isPending && <CircularProgress aria-label="Chargement du contenu" />}
          {outline.isError && <Alert severity="error">{outline.error.message}</Alert>}
          {outline.data && <WholeContent outline={outline.data} />}

          <Divider sx={{ my: 3 }} />
          <CourseEvidencePanel courseId={course.data.id} />

          <Divider sx={{ my: 3 }} />
          <CourseBpfFields courseId={course.data.id} />

          <Divider sx={{ my: 3 }} />
          <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
            Historique de validation
          </Typography>
          {reviews.data && reviews.data.items.length === 0 && <Typography color="text.secondary">Aucun changement d'état pour le moment.</Typography>}
          {reviews.data && reviews.data.items.length > 0 && (
            <Box component="ol" sx={{ pl: 3, m: 0 }}>
              {reviews.data.items.map((r) => (
                <li key={r.id}>
                  <Typography>
                    {formatShortDateTime(r.created_at)} : de « {courseStatusLabels[r.from_status]} » à « {courseStatusLabels[r.to_status]} », par {r.actor_name ?? 'un compte supprimé'}
                  </Typography>
                  {r.reason && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1 }}>
                      Motif : {r.reason}
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          )}
        </>
      )}
      <Toast toast={toast} onClose={close} />
    </Container>
  );
}
