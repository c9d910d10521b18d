import AddIcon from '../../../components/icons/Add';
import DeleteIcon from '../../../components/icons/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import {
  OPTIONS_MAX,
  OPTIONS_MIN,
  questionBodySchema,
  questionTypeLabels,
  questionTypes,
  TRUE_FALSE_OPTIONS,
  type AuthorQuestion,
  type QuestionType,
} from '../../../../shared/quiz';
import { FormDialog } from '../../../components/FormDialog';
import { ApiError } from '../../../lib/api-client';
import { useSaveQuestion } from '../api/save-question';

const SAVE_FAILED = "La question n'a pas pu être enregistrée. Réessayez.";

interface OptionValue {
  text: string;
  correct: boolean;
}

const trueFalse = (): OptionValue[] => TRUE_FALSE_OPTIONS.map((text) => ({ text, correct: false }));
const blank = (): OptionValue[] => [
  { text: '', correct: false },
  { text: '', correct: false },
];

/** Field errors by path: 'prompt', 'options', 'options.1.text', 'explanation', 'objective', 'type'. */
type Errors = Record<string, string>;

function firstByField(entries: Iterable<[string, string]>): Errors {
  const errors: Errors = {};
  for (const [field, message] of entries) errors[field] ??= message;
  return errors;
}

/**
 * Writes one question: its type, statement, 2 to 8 options with the right one(s), an optional
 * explanation shown after an attempt, and optionally the course objective it assesses.
 */
export function QuestionDialog({
  lessonId,
  question,
  objectives,
  onClose,
  onSaved,
}: {
  lessonId: number;
  question?: AuthorQuestion;
  objectives: string[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveQuestion();
  const [type, setType] = useState<QuestionType>(question?.type ?? 'single');
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [options, setOptions] = useState<OptionValue[]>(question?.options.map((o) => ({ text: o.text, correct: o.correct })) ?? blank());
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const [objective, setObjective] = useState(question?.objective ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const single = type !== 'multiple';
  // A snapshot of an objective since renamed or removed stays selectable for this question.
  const choices = question?.objective && !objectives.includes(question.objective) ? [...objectives, question.objective] : objectives;

  function changeType(next: QuestionType) {
    if (next === 'true_false') setOptions(trueFalse());
    else if (type === 'true_false') setOptions(blank());
    else if (next === 'single' && options.filter((o) => o.correct).length > 1) setOptions(options.map((o) => ({ ...o, correct: false })));
    setType(next);
  }

  function setCorrect(index: number, checked: boolean) {
    setOptions(options.map((o, i) => (i === index ? { ...o, correct: checked } : single ? { ...o, correct: false } : o)));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setGeneral(null);
    const parsed = questionBodySchema.safeParse({ type, prompt, options, explanation, objective: objective === '' ? null : objective });
    if (!parsed.success) {
      setErrors(firstByField(parsed.error.issues.map((issue) => [issue.path.map(String).join('.') || '_', issue.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ lessonId, questionId: question?.id, body: parsed.data });
      onSaved(question ? 'Question enregistrée.' : 'Question ajoutée.');
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
        setErrors(firstByField(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? SAVE_FAILED])));
      } else {
        setGeneral(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : SAVE_FAILED);
      }
    }
  }

  const optionsError = errors.options ?? errors._;
  return (
    <FormDialog
      title={question ? 'Modifier la question' : 'Ajouter une question'}
      submitLabel="Enregistrer la question"
      pending={save.isPending}
      error={general}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      maxWidth="md"
      fullScreen={phone}
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <FormControl component="fieldset" error={Boolean(errors.type)}>
          <FormLabel component="legend">Type de question</FormLabel>
          <RadioGroup row value={type} onChange={(event) => changeType(event.target.value as QuestionType)}>
            {questionTypes.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={questionTypeLabels[value]} />
            ))}
          </RadioGroup>
          {errors.type && <FormHelperText>{errors.type}</FormHelperText>}
        </FormControl>

        <TextField label="Énoncé de la question" value={prompt} onChange={(event) => setPrompt(event.target.value)} multiline minRows={2} fullWidth error={Boolean(errors.prompt)} helperText={errors.prompt} />

        <FormControl component="fieldset" error={Boolean(optionsError)}>
          <FormLabel component="legend">Réponses proposées</FormLabel>
          <FormHelperText sx={{ mx: 0, mb: 1 }}>{single ? 'Cochez la bonne réponse.' : 'Cochez toutes les bonnes réponses.'}</FormHelperText>
          <Stack spacing={1.5}>
            {options.map((option, index) => {
              const label = `Réponse ${index + 1}`;
              const textError = errors[`options.${index}.text`];
              return (
                <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {single ? (
                    <Radio name="bonne-reponse" checked={option.correct} onChange={(event) => setCorrect(index, event.target.checked)} slotProps={{ input: { 'aria-label': `${label} juste` } }} />
                  ) : (
                    <Checkbox checked={option.correct} onChange={(event) => setCorrect(index, event.target.checked)} slotProps={{ input: { 'aria-label': `${label} juste` } }} />
                  )}
                  <TextField
                    label={label}
                    value={option.text}
                    onChange={(event) => setOptions(options.map((o, i) => (i === index ? { ...o, text: event.target.value } : o)))}
                    fullWidth
                    size="small"
                    slotProps={{ htmlInput: { readOnly: type === 'true_false' } }}
                    error={Boolean(textError)}
                    helperText={textError}
                  />
                  {type !== 'true_false' && (
                    <IconButton aria-label={`Retirer la réponse ${index + 1}`} disabled={options.length <= OPTIONS_MIN} onClick={() => setOptions(options.filter((_o, i) => i !== index))}>
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
              );
            })}
          </Stack>
          {optionsError && <FormHelperText>{optionsError}</FormHelperText>}
          {type !== 'true_false' && (
            <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start', mt: 1 }} disabled={options.length >= OPTIONS_MAX} onClick={() => setOptions([...options, { text: '', correct: false }])}>
              Ajouter une réponse
            </Button>
          )}
        </FormControl>

        <TextField
          label="Explication (facultative)"
          value={explanation}
          onChange={(event) => setExplanation(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(errors.explanation)}
          helperText={errors.explanation ?? 'Montrée à l’apprenant après la validation de ses réponses.'}
        />

        <TextField
          select
          label="Objectif pédagogique évalué"
          value={objective}
          onChange={(event) => setObjective(event.target.value)}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          error={Boolean(errors.objective)}
          helperText={errors.objective ?? (objectives.length === 0 ? 'Ajoutez des objectifs dans les informations publiques du cours pour y rattacher les questions.' : undefined)}
        >
          <option value="">Aucun</option>
          {choices.map((text) => (
            <option key={text} value={text}>
              {objectives.includes(text) ? text : `${text} (retiré des objectifs du cours)`}
            </option>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
