import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState, type ComponentProps } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { adminUserUpdateBodySchema, type AdminUser, type AdminUserUpdateBody } from '../../../../shared/admin';
import { genderLabels, genders, type Gender } from '../../../../shared/auth';
import { useUpdateUser } from '../api/update-user';
import { fullName } from '../admin-text';
import { applyServerErrors } from '../../../lib/form-errors';

/** The inputs' values, all text as the inputs hold them. */
interface EditValues {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  gender: '' | Gender;
  birthdate: string;
  country: string;
  speciality: string;
}
const fields = ['firstname', 'lastname', 'email', 'phone_number', 'gender', 'birthdate', 'country', 'speciality'] as const;

function valuesOf(user: AdminUser): EditValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone_number: user.phone_number ?? '',
    gender: user.gender ?? '',
    birthdate: user.birthdate ?? '',
    country: user.country ?? '',
    speciality: user.speciality ?? '',
  };
}

/** Edits a user's personal information, with the signup's rules and messages (shared schema). */
export function EditUserDialog({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: (user: AdminUser) => void }) {
  const titleId = useId();
  const update = useUpdateUser();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<EditValues, unknown, AdminUserUpdateBody>({
    // The schema reads the inputs' text and gives the body the API expects (nulls for empty fields).
    resolver: zodResolver(adminUserUpdateBodySchema) as unknown as Resolver<EditValues, unknown, AdminUserUpdateBody>,
    defaultValues: user ? valuesOf(user) : undefined,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (user) {
      form.reset(valuesOf(user));
      setProblem(null);
    }
  }, [user, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    if (!user) return;
    setProblem(null);
    try {
      onSaved(await update.mutateAsync({ id: user.id, body }));
    } catch (error) {
      setProblem(applyServerErrors(error, fields, form.setError, "Échec de l'enregistrement. Veuillez réessayer."));
    }
  });

  const text = (name: (typeof fields)[number], label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField
      {...form.register(name)}
      label={label}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Modifier {user ? fullName(user) : ''}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>{text('firstname', 'Prénom', { required: true, autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('lastname', 'Nom', { required: true, autoComplete: 'off' })}</Grid>
            <Grid size={12}>{text('email', 'E-mail', { required: true, type: 'email', autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('phone_number', 'Téléphone', { type: 'tel', autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label="Sexe"
                fullWidth
                value={form.watch('gender')}
                onChange={(event) => form.setValue('gender', event.target.value as EditValues['gender'], { shouldDirty: true })}
                error={Boolean(errors.gender)}
                helperText={errors.gender?.message}
              >
                <MenuItem value="">Non renseigné</MenuItem>
                {genders.map((g) => (
                  <MenuItem key={g} value={g}>
                    {genderLabels[g]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('birthdate', 'Date de naissance', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('country', 'Pays')}</Grid>
            <Grid size={12}>{text('speciality', 'Spécialité')}</Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
