import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface DeleteTarget {
  title: string;
  /** What will be gone, in a sentence naming it. */
  text: string;
}

/** Asks before deleting a chapter or a lesson, naming what goes. */
export function ConfirmDeleteDialog({
  target,
  pending,
  error,
  onCancel,
  onConfirm,
  onExited,
}: {
  target: DeleteTarget | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Once the dialog has closed (after a deletion, the button that opened it is gone). */
  onExited?: () => void;
}) {
  return (
    <Dialog open={target !== null} onClose={() => !pending && onCancel()} aria-labelledby="suppression-contenu-titre" aria-describedby="suppression-contenu-texte" slotProps={{ transition: { onExited } }}>
      <DialogTitle id="suppression-contenu-titre">{target?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="suppression-contenu-texte">{target?.text}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Annuler
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          Supprimer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
