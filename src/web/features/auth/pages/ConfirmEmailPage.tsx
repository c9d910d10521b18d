import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ConfirmEmailResponse } from '../../../../shared/account';
import { passwordMessages } from '../../../../shared/password';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { webPaths } from '../../../../shared/web-paths';
import { useSession } from '../../../lib/session';
import { useConfirmEmail } from '../api/confirm-email';
import { useLinkToken } from '../../../lib/use-link-token';

/**
 * Opened from an e-mailed link: the signup's "confirmez votre adresse", or the link sent to a new
 * address. The token is read once and taken out of the address bar; nothing happens until the
 * button is pressed, so a mail scanner that opens links confirms nothing.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirmer mon adresse e-mail');
  const token = useLinkToken();
  const confirm = useConfirmEmail();
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.user);
  const [done, setDone] = useState<ConfirmEmailResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onConfirm() {
    setError(null);
    try {
      const answer = await confirm.mutateAsync({ token: token! });
      setDone(answer);
      // Signed in here as that account: this session stays open, with the address it has now.
      if (signedIn?.id === answer.user_id) {
        useSession.getState().updateUser({ email: answer.email, emailConfirmed: true });
        void queryClient.invalidateQueries();
      }
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status > 0 && caught.status < 500 ? caught.message : 'Une erreur est survenue. Veuillez réessayer.');
    }
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 2 }}>
          Confirmer mon adresse e-mail
        </Typography>
        {!token ? (
          <Alert severity="error">{passwordMessages.linkMissing}</Alert>
        ) : done ? (
          <Alert severity="success" role="status">
            {done.message}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Vous avez ouvert le lien reçu par e-mail. Confirmez pour terminer : l’adresse à laquelle il a été envoyé deviendra l’adresse
              confirmée de votre compte EcoForma.
            </Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <Button variant="contained" size="large" fullWidth onClick={() => void onConfirm()} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirmation…' : 'Confirmer mon adresse e-mail'}
            </Button>
          </>
        )}
        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to={signedIn ? webPaths.profile : webPaths.login} sx={{ fontWeight: 600 }}>
            {signedIn ? 'Aller à mon profil' : 'Se connecter'}
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
