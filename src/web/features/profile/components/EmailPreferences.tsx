import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { notificationMessages, type NotificationKind } from '../../../../shared/notifications';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

/**
 * "Paramètres" › "Préférences e-mail": one switch per kind of notification the user can receive.
 * Each change is saved at once; the in-app notifications (the bell) are kept whatever the choice.
 */
export function EmailPreferences({ userId }: { userId: number }) {
  const headingId = useId();
  const descriptionPrefix = useId();
  const preferences = useNotificationPreferences(userId);
  const update = useUpdateNotificationPreferences(userId);
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  async function change(kind: NotificationKind, email: boolean) {
    setStatus(null);
    try {
      await update.mutateAsync({ email: { [kind]: email } });
      setStatus({ severity: 'success', text: notificationMessages.preferencesSaved });
    } catch {
      setStatus({ severity: 'error', text: 'Échec de l’enregistrement de vos préférences. Veuillez réessayer.' });
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Préférences e-mail
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choisissez les notifications que vous recevez aussi par e-mail. Elles restent toujours visibles dans EcoForma, sous la cloche. Les e-mails de sécurité (mot de passe) vous sont toujours envoyés.
      </Typography>
      {preferences.isPending ? (
        <CircularProgress size={28} aria-label="Chargement des préférences e-mail" />
      ) : preferences.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void preferences.refetch()}>
              Réessayer
            </Button>
          }
        >
          Impossible de charger vos préférences e-mail.
        </Alert>
      ) : (
        <FormGroup aria-labelledby={headingId} sx={{ gap: 1.5 }}>
          {preferences.data.items.map((item) => {
            const descriptionId = `${descriptionPrefix}-${item.kind}`;
            return (
              <Box key={item.kind}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={item.email}
                      onChange={(event) => void change(item.kind, event.target.checked)}
                      disabled={update.isPending}
                      slotProps={{ input: { 'aria-describedby': descriptionId } }}
                    />
                  }
                  label={item.label}
                />
                <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: 6.5 }}>
                  {item.description}
                </Typography>
              </Box>
            );
          })}
        </FormGroup>
      )}
      {status && (
        <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {status.text}
        </Alert>
      )}
    </Box>
  );
}
