import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { adminUserCreateBodySchema, type AdminUserCreateBody, type AdminUserCreatedResponse } from '../../../../shared/admin';
import { roleLabels, roles, type Role } from '../../../../shared/roles';
import { fullName } from '../admin-text';
import { useCreateUser } from '../api/create-user';
import { applyServerErrors } from '../../../lib/form-errors';

interface CreateValues {
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
}
const fields = ['firstname', 'lastname', 'email', 'role'] as const;
const emptyValues: CreateValues = { firstname: '', lastname: '', email: '', role: 'membre' };

/**
 * 'Ajouter Membre': the administrator names the person and their role; the server generates a
 * temporary password, shown here once, to hand over.
 */
export function CreateUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (name: string) => void }) {
  const titleId = useId();
  const create = useCreateUser();
  const [created, setCreated] = useState<AdminUserCreatedResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const form = useForm<CreateValues, unknown, AdminUserCreateBody>({
    resolver: zodResolver(adminUserCreateBodySchema) as unknown as Resolver<CreateValues, unknown, AdminUserCreateBody>,
    defaultValues: emptyValues,
  });
  const { errors, isSubmitting } = form.formState;

  const reset = () => {
    form.reset(emptyValues);
    setCreated(null);
    setProblem(null);
    setCopied(null);
  };

  // The confirmation waits for the dialog to close: a toast behind the modal would go unread.
  const close = () => {
    if (created) onCreated(fullName(created.user));
    onClose();
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await create.mutateAsync(body);
      setCreated(answer);
    } catch (error) {
      setProblem(applyServerErrors(error, fields, form.setError, 'Échec de la création du compte. Veuillez réessayer.'));
    }
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.temporary_password);
      setCopied('Mot de passe copié dans le presse-papiers.');
    } catch {
      setCopied('Copie impossible : sélectionnez le mot de passe et copiez-le.');
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" slotProps={{ transition: { onExited: reset } }}>
      <DialogTitle id={titleId}>{created ? 'Compte créé' : 'Ajouter un membre'}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Le compte de {fullName(created.user)} ({created.user.email}) est prêt. Communiquez-lui ce mot de passe temporaire : il ne
              sera plus jamais affiché.
            </DialogContentText>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box
                component="output"
                aria-label="Mot de passe temporaire"
                sx={{ fontFamily: 'monospace', fontSize: '1.25rem', px: 2, py: 1, bgcolor: 'background.default', borderRadius: 1, border: 1, borderColor: 'divider' }}
              >
                {created.temporary_password}
              </Box>
              <Button onClick={copy} startIcon={<ContentCopyIcon />} variant="outlined">
                Copier
              </Button>
            </Stack>
            {copied && (
              <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                {copied}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              Terminer
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent>
            {problem && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {problem}
              </Alert>
            )}
            <Grid container spacing={2} sx={{ pt: 1 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.register('firstname')} label="Prénom" required fullWidth autoComplete="off" error={Boolean(errors.firstname)} helperText={errors.firstname?.message} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.register('lastname')} label="Nom" required fullWidth autoComplete="off" error={Boolean(errors.lastname)} helperText={errors.lastname?.message} />
              </Grid>
              <Grid size={12}>
                <TextField {...form.register('email')} label="Email" type="email" required fullWidth autoComplete="off" error={Boolean(errors.email)} helperText={errors.email?.message} />
              </Grid>
              <Grid size={12}>
                <TextField
                  select
                  label="Rôle"
                  required
                  fullWidth
                  value={form.watch('role')}
                  onChange={(event) => form.setValue('role', event.target.value as Role)}
                  error={Boolean(errors.role)}
                  helperText={errors.role?.message ?? 'Un formateur devra encore être approuvé.'}
                >
                  {roles.map((role) => (
                    <MenuItem key={role} value={role}>
                      {roleLabels[role]}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            </Grid>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Annuler</Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Création...' : 'Créer le compte'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
