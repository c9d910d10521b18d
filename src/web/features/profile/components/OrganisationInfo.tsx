import { zodResolver } from '@hookform/resolvers/zod';
import EditOutlined from '../../../components/icons/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  emptyOrganisationForm,
  organisationFieldLabels,
  organisationProfileBodySchema,
  sectorLabels,
  sizeBandLabels,
  type OrganisationFieldName,
  type OrganisationFormValues,
  type OrganisationProfileUpdate,
} from '../../../../shared/organisations';
import { accountMessages } from '../../../../shared/account';
import type { Profile } from '../../../../shared/profile';
import { ApiError } from '../../../lib/api-client';
import { setServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { OrganisationFields } from '../../organisations';
import { useUpdateOrganisation } from '../api/update-organisation';
import { textFieldProps } from '../../../lib/form-fields';

interface Values extends OrganisationFormValues {
  firstname: string;
  lastname: string;
  phone_number: string;
  email: string;
}
type Field = keyof Values;
const fields: readonly Field[] = ['organisation_name', 'siret', 'sector', 'size_band', 'address', 'postal_code', 'city', 'contact_email', 'firstname', 'lastname', 'phone_number', 'email'];

function formValues(profile: Profile): Values {
  const o = profile.organisation;
  return {
    ...emptyOrganisationForm,
    ...(o ? { ...o, contact_email: o.contact_email === profile.email ? '' : o.contact_email } : {}),
    firstname: profile.firstname,
    lastname: profile.lastname,
    phone_number: profile.phone_number ?? '',
    email: profile.email,
  };
}

/** An organisation's profile tab: its details and its contact person, as text or, after « Modifier », as a form (decision 025). */
export function OrganisationInfo({ profile }: { profile: Profile }) {
  const organisation = profile.organisation ?? null;
  const [editing, setEditing] = useState(organisation === null);
  const [saved, setSaved] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdateOrganisation();
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const form = useForm<Values, unknown, OrganisationProfileUpdate>({
    resolver: zodResolver(organisationProfileBodySchema) as unknown as Resolver<Values, unknown, OrganisationProfileUpdate>,
    defaultValues: formValues(profile),
  });
  const { errors } = form.formState;

  const returnFocus = useRef(false);
  useEffect(() => {
    if (!editing && returnFocus.current) editButton.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  function textField(name: Field) {
    return { ...textFieldProps(form, name), fullWidth: true };
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const next = await update.mutateAsync(values);
      useSession.getState().updateUser({ firstname: next.firstname, lastname: next.lastname, email: next.email });
      setSaved(true);
      returnFocus.current = true;
      setEditing(false);
    } catch (caught) {
      const placed: Partial<Record<Field, string>> = {};
      if (caught instanceof ApiError) {
        for (const [field, messages] of Object.entries(caught.fieldErrors ?? {})) {
          if ((fields as readonly string[]).includes(field) && Array.isArray(messages)) placed[field as Field] ??= String(messages[0]);
        }
      }
      setServerErrors(form.setError, placed, { focus: true });
      if (Object.keys(placed).length === 0) setAlert(caught instanceof Error ? caught.message : 'Échec de la mise à jour.');
    }
  });

  const details: Array<[string, string]> = organisation
    ? [
        [organisationFieldLabels.organisation_name, organisation.organisation_name],
        [organisationFieldLabels.siret, organisation.siret],
        [organisationFieldLabels.sector, sectorLabels[organisation.sector]],
        [organisationFieldLabels.size_band, sizeBandLabels[organisation.size_band]],
        [organisationFieldLabels.address, `${organisation.address}, ${organisation.postal_code} ${organisation.city}`],
        ['Contact', `${profile.firstname} ${profile.lastname}`],
        [organisationFieldLabels.contact_email, organisation.contact_email],
        ['Téléphone du contact', profile.phone_number ?? ''],
        ['Adresse e-mail de connexion', profile.email],
      ]
    : [];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: 22 }}>
          Informations de l'organisation
        </Typography>
        {!editing && (
          <Button
            ref={editButton}
            variant="outlined"
            startIcon={<EditOutlined />}
            onClick={() => {
              form.reset(formValues(profile));
              setSaved(false);
              setEditing(true);
            }}
          >
            Modifier
          </Button>
        )}
      </Box>
      {saved && !editing && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setSaved(false)}>
          Les informations de votre organisation ont été mises à jour.
        </Alert>
      )}
      {!editing ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5, m: 0 }}>
          {details.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Modifier les informations de l'organisation">
          {organisation === null && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Renseignez les informations de votre organisation pour inviter vos membres et suivre leur progression.
            </Alert>
          )}
          {alert && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {alert}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <OrganisationFields field={(name: OrganisationFieldName) => textField(name)} />
            <Typography variant="h3" sx={{ fontSize: 18, gridColumn: '1 / -1', mt: 1 }}>
              Personne à contacter
            </Typography>
            <TextField {...textField('firstname')} label="Prénom" autoComplete="given-name" required />
            <TextField {...textField('lastname')} label="Nom" autoComplete="family-name" required />
            <TextField {...textField('phone_number')} label="Téléphone du contact" type="tel" autoComplete="tel" required />
            {/* Sent unchanged, as on a person's profile: a new login e-mail is confirmed from 'Paramètres'. */}
            <TextField
              {...textField('email')}
              label="Adresse e-mail de connexion"
              type="email"
              autoComplete="email"
              helperText={errors.email?.message ?? accountMessages.emailChangeElsewhere}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            {organisation && (
              <Button
                variant="text"
                onClick={() => {
                  returnFocus.current = true;
                  setEditing(false);
                }}
                disabled={update.isPending}
              >
                Annuler
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}

