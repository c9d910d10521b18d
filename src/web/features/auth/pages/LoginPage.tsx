import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutline from '../../../components/icons/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { loginFormSchema, type LoginFormValues } from '../../../../shared/auth';
import { LOGIN_SNACKBAR_MS } from '../../../../shared/constants';
import { webPaths } from '../../../../shared/web-paths';
import { readReturnState, stateAfterSignIn } from '../../../lib/route-access';
import { useSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { PasswordField } from '../components/PasswordField';
import { loginErrorMessage } from '../login-errors';
import { pageAfterLogin, pageWhenSignedIn, toSessionUser } from '../redirects';
import { usePageTitle } from '../../../lib/page-title';

/** What the welcome panel promises (spec section 1). */
const welcomePoints = [
  'Accédez à votre tableau de bord professionnel',
  'Connectez-vous avec votre réseau',
  'Découvrez les nouvelles opportunités et vos messages',
  'Mettez à jour votre profil et vos préférences',
];

/** The login screen (spec section 2, "Login screen"). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const returnState = readReturnState(location.state);
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [snackbarOpen, setSnackbarOpen] = useState(false);
  // Read once: e.g. "your session expired", left by the API client when it ended the session.
  const [notice] = useState(() => useSession.getState().notice);

  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors } = form.formState;

  usePageTitle('Connexion');

  useEffect(() => {
    useSession.getState().consumeNotice();
    // Someone already signed in has nothing to do here.
    const { isAuthenticated, user } = useSession.getState();
    if (isAuthenticated && user) navigate(pageWhenSignedIn(user.role), { replace: true });
    // Only on arrival: after a successful login, onSubmit chooses the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setSnackbarOpen(false);
    try {
      const { accessToken, user } = await login.mutateAsync({ email: values.email.trim(), password: values.password, remember: values.remember });
      useSession.getState().setSession(accessToken, toSessionUser(user));
      const target = pageAfterLogin(user, returnState.from);
      navigate(target, { replace: true, state: stateAfterSignIn(target, returnState) });
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setSnackbarOpen(true);
    }
  });

  const { ref: emailRef, ...emailField } = form.register('email');
  const { ref: passwordRef, ...passwordField } = form.register('password');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row-reverse' }, gap: { xs: 3, md: 0 }, alignItems: 'stretch' }}>
        <Paper
          variant="outlined"
          sx={{ flex: 1, p: { xs: 3, sm: 5 }, borderRadius: { xs: 3, md: '0 24px 24px 0' }, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
        >
          <Link
            component={RouterLink}
            to={webPaths.home}
            underline="none"
            aria-label="EcoForma, retour à l'accueil"
            sx={{ alignSelf: 'flex-start', mb: 3, display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: 22 }}
          >
            <img src="/logo.svg" alt="" width={40} height={40} />
            EcoForma
          </Link>
          <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 36 }, mb: 1 }}>
            Connexion
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Connectez-vous pour retrouver vos formations.
          </Typography>

          {notice && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}

          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Connexion">
            <Stack spacing={2.5}>
              <TextField
                {...emailField}
                inputRef={emailRef}
                label="Adresse e-mail"
                type="email"
                autoComplete="email"
                required
                fullWidth
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
              <PasswordField
                {...passwordField}
                inputRef={passwordRef}
                label="Mot de passe"
                autoComplete="current-password"
                required
                fullWidth
                error={Boolean(errors.password)}
                helperText={errors.password?.message}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                <Controller
                  name="remember"
                  control={form.control}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} slotProps={{ input: { ref: field.ref } }} />}
                      label="Se souvenir de moi"
                    />
                  )}
                />
                <Link component={RouterLink} to={webPaths.forgotPassword} variant="body2">
                  Mot de passe oublié ?
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending}>
                {login.isPending ? 'Connexion en cours…' : 'Se connecter'}
              </Button>
            </Stack>
          </Box>

          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            Vous n'avez pas de compte ?{' '}
            <Link component={RouterLink} to={webPaths.signup} state={returnState} sx={{ fontWeight: 600 }}>
              Inscrivez-vous maintenant
            </Link>
          </Typography>
        </Paper>

        <Box
          sx={{
            flex: 1,
            p: { xs: 3, sm: 5 },
            borderRadius: { xs: 3, md: '24px 0 0 24px' },
            bgcolor: 'primary.dark',
            color: 'primary.contrastText',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
          }}
        >
          <Typography variant="h2" sx={{ fontSize: { xs: 24, md: 30 }, mb: 2 }}>
            Bon retour parmi nous !
          </Typography>
          <Typography sx={{ mb: 3 }}>
            Connectez-vous à votre espace EcoForma pour poursuivre votre parcours vers le développement durable.
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {welcomePoints.map((point) => (
              <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <CheckCircleOutline aria-hidden />
                <Typography component="span">{point}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      </Box>

      <Snackbar
        open={snackbarOpen}
        autoHideDuration={LOGIN_SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setSnackbarOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {/* The inline alert already announces the error; this one is a visual reminder only. */}
        <Alert severity="error" variant="filled" role="status" onClose={() => setSnackbarOpen(false)}>
          {error}
        </Alert>
      </Snackbar>
    </Container>
  );
}
