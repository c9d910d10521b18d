import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

interface FormProps {
  submitLabel: string;
  /** "Annuler" unless closing cancels nothing any more (what was typed is already saved). */
  cancelLabel?: string;
  pending: boolean;
  /** The error that belongs to no field. */
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog around one form: its title names the dialog, the form-wide error shows under the
 * fields, and "Annuler" and the submit button are disabled while the form is sent (closing by
 * Escape or the backdrop too, so an answer never lands in a closed dialog).
 */
export function FormDialog({
  title,
  maxWidth = 'sm',
  fullScreen = false,
  onSubmit,
  ...body
}: FormProps & {
  title: string;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={() => !body.pending && body.onClose()} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={fullScreen}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <FormBody {...body} />
      </form>
    </Dialog>
  );
}

/**
 * FormDialog's form alone, for a dialog that shows more than one form (a choice above them swaps
 * one for another, a loading state comes first): the dialog and its title stay, so the focus does.
 */
export function DialogForm({ onSubmit, ...body }: FormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <FormBody {...body} />
    </form>
  );
}

function FormBody({ submitLabel, cancelLabel = 'Annuler', pending, error, onClose, children }: Omit<FormProps, 'onSubmit'>) {
  return (
    <>
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
          {cancelLabel}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}
