import { zodResolver } from '@hookform/resolvers/zod';
import EditOutlined from '../../../components/icons/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { genderLabels, todayIso } from '../../../../shared/auth';
import { accountMessages } from '../../../../shared/account';
import { profileFormSchema, type Profile, type ProfileFormValues } from '../../../../shared/profile';
import { formatDate } from '../../../../shared/french-format';
import { useSession } from '../../../lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { profileSaveError, type ProfileFormField } from '../profile-errors';
import { setServerErrors } from '../../../lib/form-errors';
import { textFieldProps } from '../../../lib/form-fields';

type ProfileFormOutput = z.output<typeof profileFormSchema>;

function formValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstname,
    lastName: profile.lastname,
    phoneNumber: profile.phone_number ?? '',
    email: profile.email,
    birthDate: profile.birthdate ?? '',
    gender: profile.gender ?? '',
  };
}

/** The personal tab: the details as text, or, after 'Modifier', the form that changes them. */
export function PersonalInfo({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdateProfile();
  const editButton = useRef<HTMLButtonElement>(null);
  const genderLabelId = useId();
  const genderHelpId = useId();
  const headingId = useId();

  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    // The schema takes any input (it is the API's too); the form holds '' for "no gender yet".
    resolver: zodResolver(profileFormSchema) as unknown as Resolver<ProfileFormValues, unknown, ProfileFormOutput>,
    defaultValues: formValues(profile),
  });
  const { errors } = form.formState;

  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing) form.setFocus('firstName');
    // Back to 'Modifier' after saving or cancelling, for keyboard and screen-reader users.
    else if (returnFocus.current) editButton.current?.focus();
    returnFocus.current = false;
  }, [editing, form]);

  function startEditing() {
    form.reset(formValues(profile));
    setSaved(false);
    setAlert(null);
    setEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setEditing(false);
    setAlert(null);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const next = await update.mutateAsync(values);
      useSession.getState().updateUser({ firstname: next.firstname, lastname: next.lastname, email: next.email });
      setSaved(true);
      stopEditing();
    } catch (caught) {
      const display = profileSaveError(caught);
      setServerErrors(form.setError, display.fieldErrors, { focus: true });
      setAlert(display.alert);
    }
  });

  function textField(name: Exclude<ProfileFormField, 'gender'>) {
    return { ...textFieldProps(form, name), fullWidth: true };
  }

  const details: Array<[string, string, boolean]> = [
    ['Prénom', profile.firstname, true],
    ['Nom', profile.lastname, true],
    ['Adresse e-mail', profile.email, true],
    ['Téléphone', profile.phone_number ?? 'Pas de numéro de téléphone', Boolean(profile.phone_number)],
    ['Date de naissance', profile.birthdate ? formatDate(profile.birthdate) : 'Non renseignée', Boolean(profile.birthdate)],
    ['Genre', profile.gender ? genderLabels[profile.gender] : 'Non renseigné', Boolean(profile.gender)],
  ];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: 22 }}>
          Informations personnelles
        </Typography>
        {!editing && (
          <Button ref={editButton} variant="outlined" startIcon={<EditOutlined />} onClick={startEditing}>
            Modifier
          </Button>
        )}
      </Box>

      {saved && !editing && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setSaved(false)}>
          Vos informations ont été mises à jour.
        </Alert>
      )}

      {!editing ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5, m: 0 }}>
          {details.map(([label, value, filled]) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: filled ? 500 : 400, overflowWrap: 'anywhere' }} color={filled ? 'text.primary' : 'text.secondary'}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Modifier mes informations personnelles">
          {alert && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <TextField {...textField('firstName')} label="Prénom" autoComplete="given-name" required />
            <TextField {...textField('lastName')} label="Nom" autoComplete="family-name" required />
            {/* Sent unchanged (the spec's payload): a new login e-mail is confirmed from 'Paramètres'. */}
            <TextField
              {...textField('email')}
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              helperText={errors.email?.message ?? accountMessages.emailChangeElsewhere}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <TextField {...textField('phoneNumber')} label="Téléphone (facultatif)" type="tel" autoComplete="tel" />
            <TextField
              {...textField('birthDate')}
              label="Date de naissance"
              type="date"
              autoComplete="bday"
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
            />
            <Controller
              name="gender"
              control={form.control}
              render={({ field }) => (
                <FormControl error={Boolean(errors.gender)} required>
                  <FormLabel id={genderLabelId}>Genre</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={genderLabelId}
                    aria-describedby={errors.gender ? genderHelpId : undefined}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                  >
                    <FormControlLabel value="male" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label={genderLabels.male} />
                    <FormControlLabel value="female" control={<Radio />} label={genderLabels.female} />
                  </RadioGroup>
                  {errors.gender && <FormHelperText id={genderHelpId}>{errors.gender.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button variant="text" onClick={stopEditing} disabled={update.isPending}>
              Annuler
            </Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
