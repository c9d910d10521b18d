import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_BODY_MAX, messageBodySchema } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';

/**
 * Writes a message: a labelled field (Markdown), its counter, « Envoyer ». Ctrl+Entrée (⌘+Entrée)
 * sends from the field; Entrée alone starts a new line, as in any multi-line field.
 */
export function Composer({ onSend, pending }: { onSend: (body: string) => Promise<unknown>; pending: boolean }) {
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    const parsed = messageBodySchema.safeParse({ body });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setError(null);
    try {
      await onSend(parsed.data.body);
      setBody('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.body?.[0]) setFieldError(caught.fieldErrors.body[0]);
      else setError(caught instanceof ApiError ? caught.message : 'Le message n’a pas pu être envoyé. Réessayez.');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 1.5, sm: 2 } }}>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} role="alert">
          {error}
        </Alert>
      )}
      <TextField
        label="Votre message"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        error={Boolean(fieldError)}
        helperText={fieldError ?? `Markdown accepté (**gras**, *italique*, listes, liens). Ctrl+Entrée envoie. ${body.length.toLocaleString('fr-FR')} / ${MESSAGE_BODY_MAX.toLocaleString('fr-FR')} caractères.`}
        slotProps={{ formHelperText: { id: helpId }, htmlInput: { 'aria-describedby': helpId, maxLength: MESSAGE_BODY_MAX + 100 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Envoi…' : 'Envoyer'}
        </Button>
      </Box>
    </Box>
  );
}
