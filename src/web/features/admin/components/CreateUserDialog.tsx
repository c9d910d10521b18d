import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
 * 'Ajouter membre': the administrator names the person and their role; the server e-mails them a
 * link to choose their own password (valid 7 days), so no password ever passes through the admin.
 */
export function CreateUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (name: string) => void }) {
  const titleId = useId();
  const create = useCreateUser();
  const [created, setCreated] = useState<AdminUserCreatedResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CreateValues, unknown, AdminUserCreateBody>({
    resolver: zodResolver(adminUserCreateBodySchema) as unknown as Resolver<CreateValues, unknown, AdminUserCreateBody>,
    defaultValues: emptyValues,
  });
  const { errors, isSubmitting } = form.formState;

  const reset = () => {
    form.reset(emptyValues);
    setCreated(null);
    setProblem(null);
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

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" slotProps={{ transition: { onExited: reset } }}>
      <DialogTitle id={titleId}>{created ? 'Compte créé' : 'Ajouter un membre'}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <DialogContentText>
              Le compte de {fullName(created.user)} est prêt. Un e-mail vient d'être envoyé à {created.invitation_sent_to} avec un lien pour
              définir son mot de passe, valable 7 jours. Passé ce délai, la personne pourra utiliser « Mot de passe oublié ? » sur la page de
              connexion.
            </DialogContentText>
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
                <TextField {...form.register('email')} label="E-mail" type="email" required fullWidth autoComplete="off" error={Boolean(errors.email)} helperText={errors.email?.message} />
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
              {isSubmitting ? 'Création…' : 'Créer le compte'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
