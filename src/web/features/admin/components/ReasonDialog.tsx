import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { REVIEW_REASON_MAX, reviewReasonBodySchema } from '../../../../shared/reviews';
import { CountedTextField } from '../../../components/CountedTextField';

/** A decision that needs a reason the author will read: "Demander des modifications", "Dépublier". */
export function ReasonDialog({
  open,
  title,
  explanation,
  confirmLabel,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  explanation: string;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog (e.g. another administrator decided first). */
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onEnter: () => {
            setReason('');
            setFieldError(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          const parsed = reviewReasonBodySchema.safeParse({ reason });
          if (!parsed.success) {
            setFieldError(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setFieldError(null);
          onConfirm(parsed.data.reason);
        }}
      >
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {explanation}
          </DialogContentText>
          <CountedTextField label="Motif" value={reason} onChange={(event) => setReason(event.target.value)} max={REVIEW_REASON_MAX} autoFocus error={fieldError} />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
