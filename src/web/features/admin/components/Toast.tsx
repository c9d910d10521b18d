import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';
import { TOAST_MS } from '../../../../shared/constants';

export interface ToastMessage {
  message: string;
  severity: 'success' | 'error' | 'info';
  /** Increments so the same text shown twice still restarts the timer. */
  key: number;
}

/** One toast at a time, as the spec's screens show them. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((message: string, severity: ToastMessage['severity'] = 'success') => {
    setToast((previous) => ({ message, severity, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setToast(null), []);
  return { toast, show, close };
}

export function Toast({ toast, onClose, durationMs = TOAST_MS }: { toast: ToastMessage | null; onClose: () => void; durationMs?: number }) {
  return (
    <Snackbar
      key={toast?.key}
      open={toast !== null}
      autoHideDuration={durationMs}
      onClose={(_event, reason) => {
        // A click elsewhere on the page must not hide a message before it was read.
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast?.severity ?? 'info'} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
