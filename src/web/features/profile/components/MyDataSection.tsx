import { zodResolver } from '@hookform/resolvers/zod';
import DownloadOutlined from '../../../components/icons/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { accountMessages, DELETE_CONFIRMATION_WORD, deleteAccountBodySchema, type DeleteAccountBody } from '../../../../shared/account';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { webPaths } from '../../../../shared/web-paths';
import type { EndSessionState } from '../../../lib/end-session';
import { useSession } from '../../../lib/session';
import { PasswordField } from '../../auth';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/download-my-data';
import { textFieldProps } from '../../../lib/form-fields';

const emptyValues: DeleteAccountBody = { currentPassword: '', confirmation: '' };

/** "Paramètres" › "Mes données": download everything about me, or delete my account (decision 021). */
export function MyDataSection() {
  const headingId = useId();
  const deleteHeadingId = useId();
  const download = useDownloadMyData();
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function onDownload() {
    setDownloadProblem(null);
    try {
      await download.mutateAsync();
    } catch (caught) {
      setDownloadProblem(caught instanceof ApiError ? caught.message : 'Le téléchargement a échoué. Veuillez réessayer.');
    }
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Mes données
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Téléchargez une archive ZIP de tout ce qu’EcoForma conserve à votre sujet : votre compte, vos inscriptions, votre progression, vos
        quiz, vos attestations, vos entretiens, l’historique des actions qui vous concernent, ainsi que les fichiers que vous avez déposés.
      </Typography>
      {downloadProblem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {downloadProblem}
        </Alert>
      )}
      <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void onDownload()} disabled={download.isPending}>
        {download.isPending ? 'Préparation de l’archive…' : 'Télécharger mes données'}
      </Button>

      <Box component="section" aria-labelledby={deleteHeadingId} sx={{ mt: 4 }}>
        <Typography id={deleteHeadingId} variant="h3" sx={{ fontSize: 18, fontWeight: 700, mb: 1 }}>
          Supprimer mon compte
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Votre compte, vos informations personnelles, vos inscriptions, votre progression et vos fichiers seront effacés, et toutes vos sessions
          fermées. Vos attestations restent vérifiables avec le nom qui y est imprimé, et le journal d’administration garde les actions passées
          sans vos coordonnées. Cette action est irréversible : pensez à télécharger vos données avant.
        </Typography>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          Supprimer mon compte
        </Button>
      </Box>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
    </Box>
  );
}

/** The password and the typed word; on success the session ends here and the home page says so. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DeleteAccountBody>({ resolver: zodResolver(deleteAccountBodySchema), defaultValues: emptyValues });

  function close() {
    form.reset(emptyValues);
    setProblem(null);
    onClose();
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    useSession.getState().setEnding(true);
    try {
      await remove.mutateAsync(values);
      // The account is gone: nothing of it stays in this browser, once the home page is on screen.
      const arrival: EndSessionState & { notice: string } = { endSession: true, notice: accountMessages.accountDeleted };
      void navigate(webPaths.home, { replace: true, state: arrival });
    } catch (caught) {
      useSession.getState().setEnding(false);
      setProblem(applyServerErrors(caught, ['currentPassword', 'confirmation'], form.setError, 'La suppression a échoué. Veuillez réessayer.'));
    }
  });
  const field = (name: keyof DeleteAccountBody) => ({ ...textFieldProps(form, name), required: true, fullWidth: true });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Supprimer définitivement mon compte ?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            Saisissez votre mot de passe, puis le mot {DELETE_CONFIRMATION_WORD} pour confirmer. Vous serez déconnecté partout.
          </DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <Stack spacing={2}>
            <PasswordField {...field('currentPassword')} label="Mot de passe actuel" autoComplete="current-password" autoFocus />
            <TextField {...field('confirmation')} label={`Saisissez ${DELETE_CONFIRMATION_WORD} pour confirmer`} autoComplete="off" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Annuler</Button>
          <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
            {remove.isPending ? 'Suppression…' : 'Supprimer définitivement'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
