import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../../../../shared/password';
import { applyServerErrors } from '../../../lib/form-errors';
import { PasswordField } from '../../auth';
import { useChangePassword } from '../api/change-password';
import { textFieldProps } from '../../../lib/form-fields';

const emptyValues: ChangePasswordFormValues = { currentPassword: '', password: '', confirmPassword: '' };

/** "Paramètres" › "Mot de passe": the current password, then the new one twice. */
export function ChangePasswordForm() {
  const headingId = useId();
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ChangePasswordFormValues>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: emptyValues });

  const onSubmit = form.handleSubmit(async ({ currentPassword, password }) => {
    setDone(null);
    setProblem(null);
    try {
      setDone((await change.mutateAsync({ currentPassword, password })).message);
      form.reset(emptyValues);
    } catch (caught) {
      setProblem(applyServerErrors(caught, ['currentPassword', 'password'], form.setError, 'Échec du changement de mot de passe. Veuillez réessayer.'));
    }
  });
  const field = (name: keyof ChangePasswordFormValues) => ({ ...textFieldProps(form, name), required: true, fullWidth: true });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Mot de passe
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Vos autres sessions seront fermées et un e-mail vous confirmera le changement.
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
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
        <Stack spacing={2}>
          <PasswordField {...field('currentPassword')} label="Mot de passe actuel" autoComplete="current-password" />
          <PasswordField {...field('password')} label="Nouveau mot de passe" autoComplete="new-password" />
          <PasswordField {...field('confirmPassword')} label="Confirmer le nouveau mot de passe" autoComplete="new-password" />
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Enregistrement…' : 'Changer le mot de passe'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
