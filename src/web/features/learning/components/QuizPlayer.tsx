import CancelIcon from '../../../components/icons/Cancel';
import CheckCircleIcon from '../../../components/icons/CheckCircle';
import ReplayIcon from '../../../components/icons/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { quizMessages, type AttemptResult, type QuizQuestion, type QuizView } from '../../../../shared/quiz';
import { useQuiz } from '../api/get-quiz';
import { useSubmitAttempt } from '../api/submit-attempt';

type Choices = Record<number, number[]>;

function attemptsText(quiz: QuizView): string {
  if (quiz.max_attempts === null) return 'Tentatives illimitées';
  const left = quiz.attempts_left ?? quiz.max_attempts;
  return left === 0 ? 'Aucune tentative restante' : `${left === 1 ? 'Tentative restante' : 'Tentatives restantes'} : ${left} sur ${quiz.max_attempts}`;
}

/** Pass mark, attempts left, best score: what the learner needs to know before and after answering. */
function QuizSummary({ quiz }: { quiz: QuizView }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 3 }}>
      <Chip variant="outlined" label={`Seuil de réussite : ${quiz.pass_mark} %`} />
      <Chip variant="outlined" label={attemptsText(quiz)} />
      {quiz.best_score !== null && <Chip variant="outlined" label={`Meilleur score : ${quiz.best_score} %`} />}
      {quiz.passed && <Chip color="success" icon={<CheckCircleIcon />} label="Quiz réussi" />}
    </Stack>
  );
}

function QuestionField({
  question,
  index,
  total,
  chosen,
  disabled,
  missing,
  onChange,
}: {
  question: QuizQuestion;
  index: number;
  total: number;
  chosen: number[];
  disabled: boolean;
  missing: boolean;
  onChange: (ids: number[]) => void;
}) {
  const legendId = `question-${question.id}-enonce`;
  const hintId = `question-${question.id}-aide`;
  const multiple = question.type === 'multiple';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <FormControl component="fieldset" error={missing} disabled={disabled} sx={{ width: '100%' }} aria-describedby={hintId}>
        <FormLabel component="legend" id={legendId} sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400, fontSize: '0.875rem' }}>
            Question {index + 1} sur {total}
          </Box>
          {question.prompt}
        </FormLabel>
        <FormHelperText id={hintId} sx={{ mx: 0, mb: 1 }}>
          {missing ? 'Choisissez une réponse.' : multiple ? 'Plusieurs réponses possibles.' : 'Une seule réponse possible.'}
        </FormHelperText>
        {multiple ? (
          <FormGroup>
            {question.options.map((option) => (
              <FormControlLabel
                key={option.id}
                label={option.text}
                control={
                  <Checkbox
                    checked={chosen.includes(option.id)}
                    onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
                  />
                }
              />
            ))}
          </FormGroup>
        ) : (
          <RadioGroup aria-labelledby={legendId} value={chosen[0] !== undefined ? String(chosen[0]) : ''} onChange={(event) => onChange([Number(event.target.value)])}>
            {question.options.map((option) => (
              <FormControlLabel key={option.id} value={String(option.id)} label={option.text} control={<Radio />} />
            ))}
          </RadioGroup>
        )}
      </FormControl>
    </Paper>
  );
}

/** What the learner is told when the right options are kept back, by the quiz's review setting. */
function correctionLaterText(quiz: QuizView, result: AttemptResult): string {
  if (quiz.show_correction !== 'never') return 'La correction sera affichée quand vous aurez réussi le quiz ou utilisé votre dernière tentative.';
  return result.questions.some((q) => !q.correct)
    ? "La correction de ce quiz n'est pas affichée\u00a0: revoyez la leçon pour les questions signalées."
    : "La correction de ce quiz n'est pas affichée.";
}

/**
 * The attempt just submitted: score, pass or fail, and each question right or wrong; the right
 * options and explanations only when the server sent them (the quiz's review setting).
 */
function AttemptFeedback({ quiz, result, onRetry }: { quiz: QuizView; result: AttemptResult; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const canRetry = result.attempts_left === null || result.attempts_left > 0;
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  return (
    <Box component="section" aria-labelledby="resultat-quiz">
      <Typography id="resultat-quiz" ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2 }}>
        Votre résultat : {result.score} %
      </Typography>
      {result.passed ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Bravo, vous avez réussi ce quiz (seuil de réussite : {quiz.pass_mark} %). La leçon est terminée.
        </Alert>
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Vous n'avez pas atteint le seuil de réussite de {quiz.pass_mark} %.
          {canRetry
            ? result.correction_shown
              ? ' Relisez les corrections ci-dessous, puis réessayez.'
              : ' Revoyez les questions signalées ci-dessous, puis réessayez.'
            : ' Vous avez utilisé toutes vos tentatives.'}
        </Alert>
      )}
      {!result.correction_shown && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {correctionLaterText(quiz, result)}
        </Alert>
      )}
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {result.questions.map((feedback, index) => {
          const question = byId.get(feedback.question_id);
          if (!question) return null;
          return (
            <Paper key={feedback.question_id} component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderColor: feedback.correct ? 'success.main' : 'error.main' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                {feedback.correct ? <CheckCircleIcon color="success" aria-hidden /> : <CancelIcon color="error" aria-hidden />}
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  Question {index + 1} : {feedback.correct ? 'bonne réponse' : 'réponse incorrecte'}
                </Typography>
              </Stack>
              <Typography sx={{ mb: 1 }}>{question.prompt}</Typography>
              <Box component="ul" sx={{ pl: 3, my: 1 }}>
                {question.options.map((option) => {
                  const chosen = feedback.chosen_option_ids.includes(option.id);
                  const right = feedback.correct_option_ids?.includes(option.id) ?? false;
                  const notes = [chosen ? 'votre réponse' : null, right ? 'bonne réponse' : null].filter(Boolean).join(', ');
                  return (
                    <li key={option.id}>
                      <Box component="span" sx={{ fontWeight: right ? 700 : 400 }}>
                        {option.text}
                      </Box>
                      {notes && (
                        <Box component="span" sx={{ color: right || (!result.correction_shown && feedback.correct) ? 'success.dark' : result.correction_shown ? 'error.dark' : 'text.secondary' }}>
                          {' '}
                          ({notes})
                        </Box>
                      )}
                    </li>
                  );
                })}
              </Box>
              {feedback.explanation && (
                <Typography variant="body2" sx={{ bgcolor: 'grey.100', p: 1.5, borderRadius: 1 }}>
                  <strong>Explication : </strong>
                  {feedback.explanation}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Stack>
      {canRetry && (
        <Button variant="contained" startIcon={<ReplayIcon />} onClick={onRetry}>
          Réessayer
        </Button>
      )}
    </Box>
  );
}

/**
 * A quiz lesson in the player: the questions (radio buttons or check boxes in a fieldset each),
 * "Valider mes réponses", then the server's correction of that attempt and "Réessayer" while
 * attempts remain. Scoring happens on the server only.
 */
export function QuizPlayer({ courseId, lessonId, enrolled }: { courseId: number; lessonId: number; enrolled: boolean }) {
  const quiz = useQuiz(lessonId);
  const submit = useSubmitAttempt();
  const [choices, setChoices] = useState<Choices>({});
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const formTop = useRef<HTMLDivElement>(null);

  if (quiz.isPending) return <CircularProgress aria-label="Chargement du quiz" />;
  if (quiz.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void quiz.refetch()}>Réessayer</Button>}>
        {quiz.error.message}
      </Alert>
    );
  }
  const data = quiz.data;
  if (data.questions.length === 0) return <Alert severity="info">{quizMessages.noQuestions}</Alert>;

  if (result) {
    return (
      <>
        <QuizSummary quiz={data} />
        <AttemptFeedback
          quiz={data}
          result={result}
          onRetry={() => {
            setResult(null);
            setChoices({});
            submit.reset();
            // The form comes back: the focus goes to its start.
            requestAnimationFrame(() => formTop.current?.focus());
          }}
        />
      </>
    );
  }

  const canAnswer = enrolled && data.can_submit;
  function send() {
    const unanswered = new Set(data.questions.filter((q) => (choices[q.id] ?? []).length === 0).map((q) => q.id));
    setMissing(unanswered);
    if (unanswered.size > 0) {
      document.querySelector<HTMLInputElement>(`#question-${[...unanswered][0]} input`)?.focus();
      return;
    }
    submit.mutate(
      { courseId, lessonId, body: { answers: data.questions.map((q) => ({ question_id: q.id, option_ids: choices[q.id] ?? [] })) } },
      { onSuccess: (answer) => setResult(answer) },
    );
  }

  return (
    <>
      <QuizSummary quiz={data} />
      {!enrolled && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {quizMessages.submitReserved}
        </Alert>
      )}
      {enrolled && !data.can_submit && (
        <Alert severity={data.passed ? 'success' : 'warning'} sx={{ mb: 3 }}>
          {data.passed ? `Vous avez réussi ce quiz avec un meilleur score de ${data.best_score} %. ` : ''}
          {quizMessages.attemptsExhausted}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label="Questions du quiz"
        onSubmit={(event) => {
          event.preventDefault();
          if (canAnswer && !submit.isPending) send();
        }}
      >
        <Box ref={formTop} tabIndex={-1} sx={{ outline: 'none' }} />
        <Stack spacing={2} sx={{ mb: 3 }}>
          {data.questions.map((question, index) => (
            <Box key={question.id} id={`question-${question.id}`}>
              <QuestionField
                question={question}
                index={index}
                total={data.questions.length}
                chosen={choices[question.id] ?? []}
                disabled={!canAnswer}
                missing={missing.has(question.id)}
                onChange={(ids) => {
                  setChoices((current) => ({ ...current, [question.id]: ids }));
                  setMissing((current) => {
                    const next = new Set(current);
                    next.delete(question.id);
                    return next;
                  });
                }}
              />
            </Box>
          ))}
        </Stack>
        {missing.size > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {quizMessages.answersIncomplete}
          </Alert>
        )}
        {submit.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {submit.error.message}
          </Alert>
        )}
        {canAnswer && (
          <Button type="submit" variant="contained" size="large" aria-disabled={submit.isPending || undefined}>
            Valider mes réponses
          </Button>
        )}
      </Box>
    </>
  );
}
