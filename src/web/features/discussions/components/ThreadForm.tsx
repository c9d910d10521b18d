import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DISCUSSION_BODY_MAX, discussionKindLabels, discussionKinds, threadBodySchema, type ThreadBody, type ThreadValues } from '../../../../shared/discussions';
import { formatNumber } from '../../../../shared/french-format';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateThread } from '../api/discussions';

export interface LessonChoice {
  id: number;
  title: string;
}

interface ThreadFormProps {
  courseId: number;
  /** The course's lessons the thread may be tied to. */
  lessons: LessonChoice[];
  /** Chosen at first: the lesson being read. */
  defaultLessonId?: number | null;
  onCreated: (threadId: number) => void;
  onCancel: () => void;
}

/** Opens a question or a discussion: title, kind, optional lesson and message, checked with the server's own schema. */
export function ThreadForm({ courseId, lessons, defaultLessonId = null, onCreated, onCancel }: ThreadFormProps) {
  const id = useId();
  const create = useCreateThread(courseId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ThreadBody, unknown, ThreadValues>({
    resolver: zodResolver(threadBodySchema),
    defaultValues: { title: '', body: '', kind: 'question', lesson_id: defaultLessonId },
  });
  const { errors } = form.formState;
  const body = form.watch('body') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const created = await create.mutateAsync(values);
      onCreated(created.id);
    } catch (caught) {
      setProblem(applyServerErrors(caught, ['title', 'body', 'kind', 'lesson_id'], form.setError, "La discussion n'a pas pu être créée. Veuillez réessayer."));
    }
  });
  const { ref: titleRef, ...titleField } = form.register('title');
  const { ref: bodyRef, ...bodyField } = form.register('body');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby={`${id}-titre`}>
      <Typography id={`${id}-titre`} variant="h6" component="h3">
        Nouvelle discussion
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField {...titleField} inputRef={titleRef} label="Titre" required fullWidth autoFocus error={Boolean(errors.title)} helperText={errors.title?.message} />
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <FormControl error={Boolean(errors.kind)}>
            <FormLabel id={`${id}-type`}>Type</FormLabel>
            <RadioGroup row aria-labelledby={`${id}-type`} name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              {discussionKinds.map((kind) => (
                <FormControlLabel key={kind} value={kind} control={<Radio />} label={kind === 'question' ? `${discussionKindLabels[kind]} (le formateur peut marquer la réponse)` : `${discussionKindLabels[kind]} (échange ouvert)`} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {lessons.length > 0 && (
        <Controller
          control={form.control}
          name="lesson_id"
          render={({ field }) => (
            <TextField
              select
              label="Leçon concernée (facultatif)"
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
              error={Boolean(errors.lesson_id)}
              helperText={errors.lesson_id?.message}
              fullWidth
            >
              <MenuItem value="">Tout le cours</MenuItem>
              {lessons.map((lesson) => (
                <MenuItem key={lesson.id} value={lesson.id}>
                  {lesson.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <TextField
        {...bodyField}
        inputRef={bodyRef}
        label="Message"
        required
        multiline
        minRows={4}
        fullWidth
        error={Boolean(errors.body)}
        helperText={errors.body?.message ?? `Mise en forme Markdown possible (**gras**, listes, liens). ${formatNumber(body.length)} / ${formatNumber(DISCUSSION_BODY_MAX)} caractères`}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {create.isPending ? 'Publication…' : 'Publier'}
        </Button>
        <Button onClick={onCancel} disabled={create.isPending}>
          Annuler
        </Button>
      </Stack>
    </Stack>
  );
}
