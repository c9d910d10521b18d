import CloudUploadIcon from '../../../components/icons/CloudUpload';
import CloseIcon from '../../../components/icons/Close';
import InsertDriveFileIcon from '../../../components/icons/InsertDriveFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_AFTER_CV_UPLOAD_MS, TOAST_MS } from '../../../../shared/constants';
import { CV_ACCEPT, checkCvFile, cvMessages } from '../../../../shared/trainers';
import { webPaths } from '../../../../shared/web-paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatFileSize } from '../../../../shared/french-format';
import { useSession } from '../../../lib/session';
import { useTrainerStatus } from '../api/get-trainer-status';
import { useUploadCv } from '../api/upload-cv';
import { NotATrainer } from '../components/NotATrainer';
import { visuallyHidden } from '../../../components/visually-hidden';
import { usePageTitle } from '../../../lib/page-title';

const TITLE = 'Envoyez votre CV';

/** Runs `callback` after `ms`, replacing any pending run; cancelled when the page closes. */
function useTimeout() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (callback: () => void, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(callback, ms);
  };
}

/** Spec section 2 'Trainer CV upload', with real progress from the upload itself. */
export default function UploadCvPage() {
  const user = useSession((state) => state.user);
  usePageTitle(TITLE);
  if (!user) return null;
  if (user.role !== 'formateur') return <NotATrainer role={user.role} title={TITLE} />;
  return <UploadCvForm userId={user.id} />;
}

function UploadCvForm({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const status = useTrainerStatus(userId);
  const upload = useUploadCv();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const missingTimeout = useTimeout();
  const toastTimeout = useTimeout();
  const redirectTimeout = useTimeout();

  const busy = progress !== null;
  const currentCv = status.data?.cv ?? null;

  function choose(candidate: File | undefined) {
    if (!candidate || busy) return;
    setMissingFile(false);
    // Refused before sending: the server would refuse it too, after a pointless upload.
    const problem = checkCvFile(candidate);
    setFileError(problem);
    setFile(problem ? null : candidate);
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0]);
    // Choosing the same file again after removing it must fire 'change' again.
    event.target.value = '';
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function onDragOver(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!dragging) setDragging(true);
  }

  function remove() {
    setFile(null);
    setFileError(null);
    inputRef.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setMissingFile(true);
      missingTimeout(() => setMissingFile(false), TOAST_MS);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          setProgress(100);
          setDone(true);
          redirectTimeout(() => navigate(webPaths.waitingApproval), REDIRECT_AFTER_CV_UPLOAD_MS);
        },
        onError: (error) => {
          setProgress(null);
          const message = error instanceof ApiError || error instanceof Error ? error.message : '';
          setToast(`Erreur : ${message || 'Une erreur est survenue'}`);
          toastTimeout(() => setToast(null), TOAST_MS);
        },
      },
    );
  }

  const progressLabel = progress === null ? '' : progress < 100 ? 'Envoi…' : 'Traitement…';

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pour devenir formateur sur EcoForma, envoyez-nous votre CV. Un administrateur l'étudiera puis vous proposera un entretien
        vidéo.
      </Typography>

      {currentCv && (
        <Alert severity="info" sx={{ mb: 3 }}>
          CV déjà reçu : {currentCv.name} ({formatFileSize(currentCv.size)}), le {formatDateTime(currentCv.uploaded_at)}. Un nouvel
          envoi le remplacera.
        </Alert>
      )}

      <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="label"
          htmlFor={inputId}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging ? 'true' : 'false'}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            p: { xs: 3, sm: 4 },
            textAlign: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: dragging ? 'action.hover' : 'background.default',
            cursor: busy ? 'default' : 'pointer',
            transition: 'background-color 150ms, border-color 150ms',
            // The file input is invisible: its focus shows on the whole zone.
            '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <CloudUploadIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>Glissez-déposez votre CV ici</Typography>
          <Typography color="text.secondary">ou</Typography>
          <Box
            component="span"
            sx={{ px: 2, py: 1, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600 }}
          >
            Choisir un fichier
          </Box>
          <Typography id={hintId} variant="body2" color="text.secondary">
            Formats acceptés : PDF, DOCX, DOC. Taille maximale : 10 Mo
          </Typography>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={CV_ACCEPT}
            aria-label="Choisir un fichier (CV)"
            aria-describedby={hintId}
            aria-invalid={fileError ? 'true' : undefined}
            disabled={busy}
            onChange={onInputChange}
            style={visuallyHidden}
          />
        </Box>

        {fileError && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {fileError}
          </Alert>
        )}

        {file && (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            data-testid="fichier-choisi"
          >
            <InsertDriveFileIcon color="primary" aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatFileSize(file.size)}
              </Typography>
            </Box>
            <IconButton onClick={remove} disabled={busy} aria-label={`Retirer le fichier ${file.name}`}>
              <CloseIcon />
            </IconButton>
          </Stack>
        )}

        {missingFile && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {cvMessages.missing}
          </Alert>
        )}

        {progress !== null && (
          <Box sx={{ mt: 3 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }} aria-live="polite">
              <Typography variant="body2">{done ? 'CV envoyé. Redirection…' : progressLabel}</Typography>
              <Typography variant="body2">{`${progress}\u00a0%`}</Typography>
            </Stack>
            <LinearProgress variant="determinate" value={progress} aria-label="Progression de l'envoi du CV" />
          </Box>
        )}

        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 3 }}>
          Envoyer et continuer
        </Button>
      </Paper>

      <Snackbar open={Boolean(toast)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" onClose={() => setToast(null)} closeText="Fermer" sx={{ width: '100%' }}>
          {toast}
        </Alert>
      </Snackbar>
    </Container>
  );
}
