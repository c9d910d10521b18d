import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { directoryMessages, PHOTO_MAX_BYTES } from '../../../../shared/directory';
import { UploadProgress } from '../../../components/FilePicker';
import { ApiError } from '../../../lib/api-client';
import { useMyDirectory } from '../api/get-my-directory';
import { useDeletePhoto, useUploadPhoto } from '../api/photo';
import { UserPhoto } from './UserPhoto';

const ACCEPTED = 'image/png,image/jpeg,image/webp';

/**
 * "Photo de profil": choose an image, see it before sending, send it (the server checks it and
 * crops it to a square), or remove the current one. Shown to others only if chosen in the directory.
 */
export function PhotoSettings({ userId, firstname, lastname }: { userId: number; firstname: string; lastname: string }) {
  const hasPhoto = useMyDirectory().data?.has_photo ?? false;
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const upload = useUploadPhoto(userId);
  const remove = useDeletePhoto(userId);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | undefined) {
    setStatus(null);
    if (!chosen) return;
    if (chosen.size > PHOTO_MAX_BYTES) {
      setStatus({ severity: 'error', text: directoryMessages.photoTooLarge });
      return;
    }
    setFile(chosen);
  }

  async function send() {
    if (!file) return;
    setStatus(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      setFile(null);
      if (input.current) input.current.value = '';
      setStatus({ severity: 'success', text: 'Votre photo est enregistrée.' });
    } catch (error) {
      setStatus({ severity: 'error', text: error instanceof ApiError ? error.message : 'Échec de l’envoi de la photo. Veuillez réessayer.' });
    } finally {
      setProgress(null);
    }
  }

  async function removeCurrent() {
    setStatus(null);
    try {
      await remove.mutateAsync();
      setStatus({ severity: 'success', text: 'Votre photo est retirée.' });
    } catch (error) {
      setStatus({ severity: 'error', text: error instanceof ApiError ? error.message : 'Échec. Veuillez réessayer.' });
    }
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Photo de profil
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        PNG, JPEG ou WebP, 5 Mo au plus. Elle est recadrée en carré. Les autres membres ne la voient que si vous choisissez de la montrer dans l’annuaire.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        {preview ? (
          <Box component="img" src={preview} alt="Aperçu de la nouvelle photo" sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: '50%' }} />
        ) : (
          <UserPhoto userId={userId} firstname={firstname} lastname={lastname} hasPhoto={hasPhoto} size={96} alt={hasPhoto ? 'Votre photo actuelle' : undefined} />
        )}
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box>
            <Typography component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
              Choisir une photo
            </Typography>
            <input id={inputId} ref={input} type="file" accept={ACCEPTED} disabled={busy} onChange={(event) => choose(event.target.files?.[0])} />
          </Box>
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" onClick={() => void send()} disabled={!file || busy}>
              Enregistrer la photo
            </Button>
            {hasPhoto && !file && (
              <Button variant="outlined" color="error" onClick={() => void removeCurrent()} disabled={busy}>
                Retirer la photo
              </Button>
            )}
            {file && (
              <Button
                variant="text"
                onClick={() => {
                  setFile(null);
                  if (input.current) input.current.value = '';
                }}
                disabled={busy}
              >
                Annuler
              </Button>
            )}
          </Stack>
          {progress !== null && <UploadProgress percent={progress} label="Envoi de la photo" />}
        </Stack>
      </Stack>
      {status && (
        <Alert severity={status.severity} role={status.severity === 'success' ? 'status' : 'alert'} sx={{ mt: 2 }}>
          {status.text}
        </Alert>
      )}
    </Box>
  );
}
