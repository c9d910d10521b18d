import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '../../../../shared/password';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useForgotPassword } from '../api/forgot-password';

/** "Mot de passe oublié ?": asks for the e-mail and says the same thing whether an account has it or not. */
export default function ForgotPasswordPage() {
  usePageTitle('Mot de passe oublié');
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : applyServerErrors(caught, ['email'], form.setError, 'Une erreur est survenue. Veuillez réessayer.'));
    }
  });
  const { ref, ...emailField } = form.register('email');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 1 }}>
          Mot de passe oublié
        </Typography>
        {sent ? (
          <Alert severity="success" role="status" sx={{ my: 2 }}>
            {sent}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <Box component="form" noValidate onSubmit={onSubmit} aria-label="Mot de passe oublié">
              <Stack spacing={2.5}>
                <TextField
                  {...emailField}
                  inputRef={ref}
                  label="Adresse e-mail"
                  type="email"
                  autoComplete="email"
                  required
                  fullWidth
                  error={Boolean(errors.email)}
                  helperText={errors.email?.message}
                />
                <Button type="submit" variant="contained" size="large" fullWidth disabled={forgot.isPending}>
                  {forgot.isPending ? 'Envoi en cours…' : 'Recevoir le lien'}
                </Button>
              </Stack>
            </Box>
          </>
        )}
        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={webPaths.login} sx={{ fontWeight: 600 }}>
            Retour à la connexion
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
