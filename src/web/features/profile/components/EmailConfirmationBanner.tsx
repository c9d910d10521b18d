import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { profileQueryOptions } from '../api/get-profile';
import { useResendConfirmation } from '../api/resend-confirmation';

/**
 * On every page of a signed-in account whose address is not confirmed yet: the reminder and
 * "Renvoyer". The profile is read once to check, so a link opened on another device makes the
 * banner go without signing in again. Signing in is never blocked by it (decision 021).
 */
export function EmailConfirmationBanner() {
  const user = useSession((state) => state.user);
  const unconfirmed = user?.emailConfirmed === false;
  const profile = useQuery({ ...profileQueryOptions(user?.id ?? 0), enabled: unconfirmed });
  const confirmedElsewhere = profile.data?.email_confirmed === true;
  const resend = useResendConfirmation();
  const [answer, setAnswer] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (unconfirmed && confirmedElsewhere) useSession.getState().updateUser({ emailConfirmed: true });
  }, [unconfirmed, confirmedElsewhere]);

  if (!user || !unconfirmed || confirmedElsewhere) return null;

  async function onResend() {
    setAnswer(null);
    try {
      setAnswer({ severity: 'success', text: (await resend.mutateAsync()).message });
    } catch (caught) {
      setAnswer({ severity: 'error', text: caught instanceof ApiError ? caught.message : 'L’envoi a échoué. Veuillez réessayer.' });
    }
  }

  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      {/* A region, not an alert: it is there on every page, and must not be announced on each one. */}
      <Alert
        severity="warning"
        role="region"
        aria-label="Adresse e-mail à confirmer"
        action={
          <Button color="inherit" size="small" onClick={() => void onResend()} disabled={resend.isPending}>
            {resend.isPending ? 'Envoi…' : 'Renvoyer'}
          </Button>
        }
      >
        Confirmez votre adresse e-mail : ouvrez le lien que nous avons envoyé à <strong>{user.email}</strong>. Pensez à regarder dans vos
        courriers indésirables.
        {answer && (
          <span role={answer.severity === 'error' ? 'alert' : 'status'} style={{ display: 'block', marginTop: 4, fontWeight: 600 }}>
            {answer.text}
          </span>
        )}
      </Alert>
    </Container>
  );
}
