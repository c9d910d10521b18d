import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { passwordMessages, resetPasswordFormSchema, type ResetPasswordFormValues } from '../../../../shared/password';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import { PasswordField } from '../components/PasswordField';
import { useLinkToken } from '../../../lib/use-link-token';

/**
 * Opened from the e-mailed link (reset, or the first password of an account an administrator
 * created). The token is read once, then taken out of the address bar.
 */
export default function ResetPasswordPage() {
  usePageTitle('Nouveau mot de passe');
  const token = useLinkToken();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const form = useForm<ResetPasswordFormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { message } = await reset.mutateAsync({ token: token!, password: values.password });
      // Every session of the account has ended: the login screen shows the message.
      useSession.getState().clear(message);
      navigate(webPaths.login, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_link') setLinkDead(true);
      setError(applyServerErrors(caught, ['password'], form.setError, 'Une erreur est survenue. Veuillez réessayer.'));
    }
  });
  const { ref: passwordRef, ...passwordField } = form.register('password');
  const { ref: confirmRef, ...confirmField } = form.register('confirmPassword');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 1 }}>
          Nouveau mot de passe
        </Typography>
        {!token ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {passwordMessages.linkMissing}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Choisissez votre mot de passe : au moins 8 caractères, avec une majuscule, une minuscule et un chiffre.
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            {!linkDead && (
              <Box component="form" noValidate onSubmit={onSubmit}>
                <Stack spacing={2.5}>
                  <PasswordField
                    {...passwordField}
                    inputRef={passwordRef}
                    label="Nouveau mot de passe"
                    autoComplete="new-password"
                    required
                    fullWidth
                    error={Boolean(errors.password)}
                    helperText={errors.password?.message}
                  />
                  <PasswordField
                    {...confirmField}
                    inputRef={confirmRef}
                    label="Confirmer le mot de passe"
                    autoComplete="new-password"
                    required
                    fullWidth
                    error={Boolean(errors.confirmPassword)}
                    helperText={errors.confirmPassword?.message}
                  />
                  <Button type="submit" variant="contained" size="large" fullWidth disabled={reset.isPending}>
                    {reset.isPending ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
                  </Button>
                </Stack>
              </Box>
            )}
          </>
        )}
        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={webPaths.forgotPassword} sx={{ fontWeight: 600 }}>
            Demander un nouveau lien
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
