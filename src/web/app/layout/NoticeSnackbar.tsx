import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** A notice passed by a redirect ("Votre compte a été supprimé", …), at the top of the page. */
export default function NoticeSnackbar({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  return (
    <Snackbar open={Boolean(notice)} autoHideDuration={6000} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="info" onClose={onClose} variant="filled">
        {notice}
      </Alert>
    </Snackbar>
  );
}
