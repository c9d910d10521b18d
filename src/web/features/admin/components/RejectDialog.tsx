import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { REJECTION_REASON_MAX_LENGTH } from '../../../../shared/admin';

/** Refusing an application, with an optional reason the trainer will read. */
export function RejectDialog({
  open,
  name,
  pending,
  onClose,
  onReject,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" slotProps={{ transition: { onEnter: () => setReason('') } }}>
      <DialogTitle id={titleId}>Rejeter la candidature de {name}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onReject(reason);
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Le formateur verra que sa candidature a été refusée, avec le motif si vous en indiquez un.
          </DialogContentText>
          <TextField
            label="Motif (facultatif)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            helperText={`${reason.length} / ${REJECTION_REASON_MAX_LENGTH} caractères`}
            slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="contained" color="error" disabled={pending}>
            Rejeter
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
