import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Deleting an account cannot be undone: the dialog names who and says what goes with it. */
export function ConfirmDeleteDialog({
  open,
  name,
  email,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  name: string;
  email: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Supprimer le compte de {name} ?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Le compte {email}, ses sessions, ses réunions, ses cours et ses fichiers seront définitivement supprimés. Cette action est
          irréversible.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Annuler
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error" disabled={pending}>
          Supprimer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
