import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

/**
 * Asks before an action that cannot be undone (deleting, hiding, ending someone's access): the
 * title asks the question, the text says what goes with it, and the confirm button names the
 * action. "Annuler" has the focus, so Enter never confirms by accident; while the action runs both
 * buttons are disabled and Escape or the backdrop do not close it, so its answer (an error shown
 * under the text) never lands in a closed dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  details,
  confirmLabel,
  pending,
  error = null,
  fullWidth = false,
  onClose,
  onConfirm,
  onExited,
}: {
  open: boolean;
  title: ReactNode;
  /** What the action does, in a sentence or two: the dialog's description. */
  children: ReactNode;
  /** Shown under the description, e.g. the text the action concerns. */
  details?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  /** Takes the dialog's full width (for long details). */
  fullWidth?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Once the dialog has closed (after a deletion the button that opened it may be gone: move the focus). */
  onExited?: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth={fullWidth}
      slotProps={onExited ? { transition: { onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{children}</DialogContentText>
        {details}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          Annuler
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error" disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
