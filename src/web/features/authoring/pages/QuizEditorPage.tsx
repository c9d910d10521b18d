import AddIcon from '../../../components/icons/Add';
import ArrowBackIcon from '../../../components/icons/ArrowBack';
import ArrowDownwardIcon from '../../../components/icons/ArrowDownward';
import ArrowUpwardIcon from '../../../components/icons/ArrowUpward';
import DeleteIcon from '../../../components/icons/Delete';
import EditIcon from '../../../components/icons/Edit';
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
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { TOAST_MS } from '../../../../shared/constants';
import { parseCourseId } from '../../../../shared/courses';
import type { LessonContent } from '../../../../shared/learning';
import { questionTypeLabels, type AuthorQuestion, type AuthorQuiz } from '../../../../shared/quiz';
import { visuallyHidden } from '../../../components/visually-hidden';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useDeleteQuestion } from '../api/delete-question';
import { useLesson } from '../api/get-lesson';
import { useQuiz } from '../api/get-quiz';
import { useReorderQuestions } from '../api/reorder-questions';
import { useUpdateLesson } from '../api/update-lesson';
import { useUpdateQuizSettings } from '../api/update-quiz-settings';
import { PositioningResultsTable } from '../components/PositioningResultsTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QuestionDialog } from '../components/QuestionDialog';
import { quizSettingsBody, quizSettingsDefaults, QuizSettingsFields, quizSettingsFields, type QuizSettingsValues } from '../components/QuizSettingsFields';
import { plural } from '../../../../shared/french-format';

const REFUSED = "Ce quiz n'existe pas ou vous ne pouvez pas le modifier.";
const SAVE_FAILED = "Les réglages n'ont pas pu être enregistrés. Réessayez.";

function questionCount(n: number): string {
  return n === 0 ? 'Aucune question' : plural(n, 'question');
}

/** /formateur/courses/{id}/quiz/{lessonId}: a quiz lesson's settings and questions, for the course's author or an administrator. */
export default function QuizEditorPage() {
  const params = useParams<{ id: string; lessonId: string }>();
  const courseId = parseCourseId(params.id ?? '');
  const lessonId = parseCourseId(params.lessonId ?? '');
  const lesson = useLesson(lessonId);
  const quiz = useQuiz(lessonId);
  usePageTitle(lesson.data ? `Quiz : ${lesson.data.title}` : 'Modifier le quiz');

  const refused = courseId === null || lessonId === null || lesson.isError || quiz.isError || (lesson.data && lesson.data.course_id !== courseId);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      {courseId !== null && (
        <Button component={RouterLink} to={webPaths.courseContent(courseId)} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          Contenu du cours
        </Button>
      )}
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 3, overflowWrap: 'anywhere' }}>
        {lesson.data ? `Quiz : ${lesson.data.title}` : 'Modifier le quiz'}
      </Typography>
      {refused ? (
        <Alert severity="error">{REFUSED}</Alert>
      ) : !lesson.data || !quiz.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Chargement du quiz" />
        </Box>
      ) : (
        <QuizEditor courseId={courseId} lesson={lesson.data} quiz={quiz.data} />
      )}
    </Container>
  );
}

function QuizEditor({ courseId, lesson, quiz }: { courseId: number; lesson: LessonContent; quiz: AuthorQuiz }) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, mb: 4 }}>
        <SettingsForm courseId={courseId} lesson={lesson} quiz={quiz} onSaved={setNotice} />
      </Paper>
      <QuestionList quiz={quiz} onNotice={setNotice} />
      {quiz.positioning && <PositioningResultsTable courseId={courseId} lessonId={lesson.id} />}
      <Snackbar open={Boolean(notice)} autoHideDuration={TOAST_MS} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} closeText="Fermer">
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}

function SettingsForm({ courseId, lesson, quiz, onSaved }: { courseId: number; lesson: LessonContent; quiz: AuthorQuiz; onSaved: (message: string) => void }) {
  const updateLesson = useUpdateLesson();
  const updateSettings = useUpdateQuizSettings();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<QuizSettingsValues>({ defaultValues: quizSettingsDefaults(lesson, quiz) });

  const submit = handleSubmit(async (values) => {
    setGeneral(null);
    const { title, duration_minutes, is_preview, ...settings } = quizSettingsBody(values);
    try {
      // The quiz's own settings first: a refused pass mark leaves the lesson as it was.
      await updateSettings.mutateAsync({ lessonId: lesson.id, body: settings });
      await updateLesson.mutateAsync({ courseId, lessonId: lesson.id, body: { title, duration_minutes, is_preview } });
      onSaved('Réglages du quiz enregistrés.');
    } catch (error) {
      setGeneral(applyServerErrors(error, quizSettingsFields, setError, SAVE_FAILED));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="reglages-titre">
      <Typography id="reglages-titre" variant="h5" component="h2" sx={{ mb: 2 }}>
        Réglages
      </Typography>
      <QuizSettingsFields register={register} control={control} errors={formState.errors} />
      {general && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {general}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
        Enregistrer les réglages
      </Button>
    </Box>
  );
}

type Editing = { question?: AuthorQuestion } | null;

function QuestionList({ quiz, onNotice }: { quiz: AuthorQuiz; onNotice: (message: string) => void }) {
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AuthorQuestion | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const questions = quiz.questions;

  function move(index: number, to: number) {
    const ids = questions.map((q) => q.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(to, 0, moved!);
    setAnnouncement(`La question ${index + 1} est maintenant en position ${to + 1} sur ${ids.length}.`);
    reorder.mutate({ lessonId: quiz.lesson_id, ids }, { onError: () => setAnnouncement("Le nouvel ordre n'a pas pu être enregistré.") });
  }

  return (
    <Box component="section" aria-labelledby="questions-titre">
      <Typography id="questions-titre" ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 1 }}>
        Questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {questionCount(questions.length)} · seuil de réussite {quiz.pass_mark} % · {quiz.max_attempts === null ? 'tentatives illimitées' : plural(quiz.max_attempts, 'tentative')}
      </Typography>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {questions.length === 0 && <Alert severity="info" sx={{ mb: 2 }}>Ce quiz n'a pas encore de question : les apprenants ne peuvent pas le passer.</Alert>}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Questions du quiz">
        {questions.map((question, index) => (
          <Paper key={question.id} component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="subtitle2" color="text.secondary">
              Question {index + 1} · {questionTypeLabels[question.type]}
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
              {question.prompt}
            </Typography>
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {question.options.map((option) => (
                <li key={option.id}>
                  {option.text}
                  {option.correct && (
                    <Box component="span" sx={{ color: 'success.dark', fontWeight: 700 }}>
                      {' '}
                      (bonne réponse)
                    </Box>
                  )}
                </li>
              ))}
            </Box>
            {question.objective && <Chip size="small" variant="outlined" sx={{ mb: 1, maxWidth: '100%' }} label={`Objectif : ${question.objective}`} />}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing({ question })} aria-label={`Modifier la question ${index + 1}`}>
                Modifier
              </Button>
              <Button size="small" startIcon={<ArrowUpwardIcon />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Monter la question ${index + 1}`}>
                Monter
              </Button>
              <Button size="small" startIcon={<ArrowDownwardIcon />} disabled={index === questions.length - 1} onClick={() => move(index, index + 1)} aria-label={`Descendre la question ${index + 1}`}>
                Descendre
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                aria-label={`Supprimer la question ${index + 1}`}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(question);
                }}
              >
                Supprimer
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing({})}>
        Ajouter une question
      </Button>

      {editing && (
        <QuestionDialog
          lessonId={quiz.lesson_id}
          question={editing.question}
          objectives={quiz.objectives}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            onNotice(message);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer cette question ?"
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { lessonId: quiz.lesson_id, questionId: deleting.id },
            {
              onSuccess: () => {
                setDeleting(null);
                onNotice('Question supprimée.');
                heading.current?.focus();
              },
              onError: () => setDeleteError("La suppression n'a pas abouti. Réessayez."),
            },
          );
        }}
      >
        La question « {deleting?.prompt} » sera définitivement supprimée. Les tentatives déjà validées gardent leur correction.
      </ConfirmDialog>
    </Box>
  );
}
