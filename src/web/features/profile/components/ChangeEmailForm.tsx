import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { changeEmailBodySchema, type ChangeEmail, type ChangeEmailBody } from '../../../../shared/account';
import { applyServerErrors } from '../../../lib/form-errors';
import { PasswordField } from '../../auth';
import { useChangeEmail } from '../api/change-email';
import { textFieldProps } from '../../../lib/form-fields';

type Values = { email: string; currentPassword: string };
const emptyValues: Values = { email: '', currentPassword: '' };

/**
 * "Paramètres" › "Adresse e-mail": the new address and the current password. Nothing changes until
 * the link sent to the new address is opened; the current address is told of the request.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const headingId = useId();
  const change = useChangeEmail();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values, unknown, ChangeEmail>({ resolver: zodResolver(changeEmailBodySchema), defaultValues: emptyValues });

  const onSubmit = form.handleSubmit(async (values: ChangeEmailBody) => {
    setDone(null);
    setProblem(null);
    try {
      setDone((await change.mutateAsync(values)).message);
      form.reset(emptyValues);
    } catch (caught) {
      setProblem(applyServerErrors(caught, ['email', 'currentPassword'], form.setError, 'Échec de la demande de changement d’adresse. Veuillez réessayer.'));
    }
  });
  const field = (name: keyof Values) => ({ ...textFieldProps(form, name), required: true, fullWidth: true });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Adresse e-mail
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        Votre adresse actuelle est {currentEmail}. Nous enverrons un lien de confirmation à la nouvelle adresse : elle ne remplacera l’actuelle
        qu’une fois ce lien ouvert.
      </Typography>
      {done && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Changer d’adresse e-mail" sx={{ maxWidth: 480 }}>
        <Stack spacing={2}>
          <TextField {...field('email')} label="Nouvelle adresse e-mail" type="email" autoComplete="email" />
          <PasswordField {...field('currentPassword')} label="Mot de passe actuel" autoComplete="current-password" />
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Envoi…' : 'Envoyer le lien de confirmation'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
