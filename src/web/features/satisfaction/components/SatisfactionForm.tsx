import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  SATISFACTION_COMMENT_MAX,
  satisfactionBodySchema,
  type MySatisfactionAnswer,
  type SatisfactionBody,
  type SatisfactionValues,
} from '../../../../shared/satisfaction';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSaveAnswer } from '../api/save-answer';
import { RatingField } from './RatingField';
import { formatNumber } from '../../../../shared/french-format';


interface SatisfactionFormProps {
  courseId: number;
  /** The answer being changed; absent for a first answer. */
  answer?: MySatisfactionAnswer;
  onSaved: (answer: MySatisfactionAnswer) => void;
  /** Offers "Annuler" (in a dialog, or when changing an answer). */
  onCancel?: () => void;
}

/** The note (required) and the comment (optional), checked here with the server's own schema and messages. */
export function SatisfactionForm({ courseId, answer, onSaved, onCancel }: SatisfactionFormProps) {
  const id = useId();
  const save = useSaveAnswer();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SatisfactionBody, unknown, SatisfactionValues>({
    resolver: zodResolver(satisfactionBodySchema),
    defaultValues: { rating: answer?.rating, comment: answer?.comment ?? '' },
  });
  const { errors } = form.formState;
  const comment = form.watch('comment') ?? '';

  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      onSaved(await save.mutateAsync({ courseId, body }));
    } catch (caught) {
      setProblem(applyServerErrors(caught, ['rating', 'comment'], form.setError, "Votre avis n'a pas pu être enregistré. Veuillez réessayer."));
    }
  });
  const { ref: commentRef, ...commentField } = form.register('comment');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Votre avis sur la formation">
      {problem && <Alert severity="error">{problem}</Alert>}
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RatingField
            label="Votre note (obligatoire)"
            name={`note-${id}`}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            inputRef={field.ref}
            error={errors.rating?.message}
          />
        )}
      />
      <TextField
        {...commentField}
        inputRef={commentRef}
        label="Votre commentaire (facultatif)"
        multiline
        minRows={3}
        fullWidth
        error={Boolean(errors.comment)}
        helperText={errors.comment?.message ?? `${formatNumber(comment.length)} / ${formatNumber(SATISFACTION_COMMENT_MAX)} caractères`}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : answer ? 'Enregistrer mon avis' : 'Envoyer mon avis'}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={save.isPending}>
            Annuler
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
