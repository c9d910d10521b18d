import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/**
 * A dialog around one form: its title names the dialog, the form-wide error shows under the
 * fields, and "Annuler" and the submit button are disabled while the form is sent (closing by
 * Escape or the backdrop too, so an answer never lands in a closed dialog).
 */
export function FormDialog({
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  /** The error that belongs to no field. */
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={() => !pending && onClose()} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {children}
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
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
