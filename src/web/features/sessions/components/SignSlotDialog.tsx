import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useSession } from '../../../lib/session';
import { useSignSlot } from '../api/sign';
import { SignatureInput } from './SignatureInput';

/**
 * « Signer » a slot of the sign-in sheet, drawn or typed. Loaded when the learner signs (decision 066):
 * the list of sessions shows without the signature pad and the dialog.
 */
export default function SignSlotDialog({ slotId, label, onClose }: { slotId: number; label: string; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const sign = useSignSlot();
  const user = useSession((s) => s.user);
  const titleId = useId();
  return (
    <Dialog open onClose={() => !sign.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>Signer le créneau {label}</DialogTitle>
      <DialogContent>
        {sign.isSuccess ? (
          <Stack spacing={2}>
            <Alert severity="success">Votre signature est enregistrée.</Alert>
            <Button variant="contained" onClick={onClose}>
              Fermer
            </Button>
          </Stack>
        ) : (
          <>
            <SignatureInput
              submitLabel="Valider ma signature"
              pending={sign.isPending}
              error={sign.error?.message ?? null}
              defaultName={user ? `${user.firstname} ${user.lastname}` : ''}
              onSubmit={(body) => sign.mutate({ slotId, body })}
            />
            <Button onClick={onClose} sx={{ mt: 1 }} disabled={sign.isPending}>
              Annuler
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
