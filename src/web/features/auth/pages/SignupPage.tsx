import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutline from '../../../components/icons/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { genderLabels, todayIso } from '../../../../shared/auth';
import type { OrganisationFieldName } from '../../../../shared/organisations';
import { signupFormSchema, toSignupBody, type SignupFormField, type SignupFormValues } from '../../../../shared/signup';
import { roleLabels, signupRoles, type SignupRole } from '../../../../shared/roles';
import { webPaths } from '../../../../shared/web-paths';
import { readReturnState, stateAfterSignIn } from '../../../lib/route-access';
import { useSession } from '../../../lib/session';
import { OrganisationFields, rememberInvitationToken, useInvitation } from '../../organisations';
import { useSignup } from '../api/signup';
import { PasswordField } from '../components/PasswordField';
import { useLinkToken } from '../../../lib/use-link-token';
import { pageAfterSignup, pageWhenSignedIn, toSessionUser } from '../redirects';
import { signupErrorDisplay } from '../signup-errors';
import { usePageTitle } from '../../../lib/page-title';
import { setServerErrors } from '../../../lib/form-errors';
import { textFieldProps } from '../../../lib/form-fields';

const promoPoints = [
  'Des formations en ligne conçues par des experts du développement durable',
  'Un accompagnement personnalisé tout au long de votre parcours',
  'Un réseau de professionnels engagés pour la transition écologique',
  'Une assistance disponible 24 h/24 et 7 j/7',
];

function roleFromQuery(value: string | null): SignupRole {
  return (signupRoles as readonly string[]).includes(value ?? '') ? (value as SignupRole) : 'membre';
}

/** The signup screen (spec section 2, "Signup screen"). */
export default function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Where to come back after signing up (a course page, say), carried from the login screen too.
  const returnState = readReturnState(useLocation().state);
  const signup = useSignup();
  const [alerts, setAlerts] = useState<string[]>([]);
  const genderLabelId = useId();
  const genderHelpId = useId();
  // An organisation's invitation (decision 025): the link's token, out of the address at once.
  const invitationToken = useLinkToken('invitation');
  const invitation = useInvitation(invitationToken);

  const form = useForm<SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      confirmPassword: '',
      gender: '',
      birthdate: '',
      phone_number: '',
      role: roleFromQuery(searchParams.get('role')),
      organisation_name: '',
      siret: '',
      sector: '',
      size_band: '',
      address: '',
      postal_code: '',
      city: '',
      contact_email: '',
    },
  });
  const { errors } = form.formState;
  const role = form.watch('role');
  const isOrganisation = role === 'organisme';
  const invited = invitation.data ?? null;

  usePageTitle('Inscription');

  useEffect(() => {
    const { isAuthenticated, user } = useSession.getState();
    if (isAuthenticated && user) navigate(pageWhenSignedIn(user.role), { replace: true });
    // Only on arrival: after a successful signup, onSubmit chooses the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A link to /signup?role=… followed while already here changes the preselected role.
  const roleParam = searchParams.get('role');
  useEffect(() => {
    if (!invitationToken) form.setValue('role', roleFromQuery(roleParam));
  }, [form, roleParam, invitationToken]);

  // Invited: a learner's account, with the address (and the name) the invitation went to. The
  // token is kept for this tab: a detour (login, reload of /rejoindre) finds it again (issue 25).
  useEffect(() => {
    if (!invited || !invitationToken) return;
    rememberInvitationToken(invitationToken);
    // The account exists already (the link followed again after signing up): on to the answer, through the login if needed.
    if (invited.has_account) {
      navigate(webPaths.joinOrganisation, { replace: true, state: { invitationToken } });
      return;
    }
    form.setValue('role', 'membre');
    form.setValue('email', invited.email);
    if (invited.firstname && !form.getValues('firstname')) form.setValue('firstname', invited.firstname);
    if (invited.lastname && !form.getValues('lastname')) form.setValue('lastname', invited.lastname);
  }, [form, invited, invitationToken, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setAlerts([]);
    try {
      // The invitation's link proves the invited address: no confirmation e-mail for it (issue 25).
      const body = invited && invitationToken ? { ...toSignupBody(values), invitation_token: invitationToken } : toSignupBody(values);
      const { accessToken, user } = await signup.mutateAsync(body);
      useSession.getState().setSession(accessToken, toSessionUser(user));
      if (invited && invitationToken) {
        // On to the join confirmation, the token in the history state, never in the address.
        navigate(webPaths.joinOrganisation, { replace: true, state: { invitationToken } });
        return;
      }
      const target = pageAfterSignup(user, returnState.from);
      navigate(target, { replace: true, state: stateAfterSignIn(target, returnState) });
    } catch (caught) {
      const display = signupErrorDisplay(caught);
      setServerErrors(form.setError, display.fieldErrors, { focus: true });
      setAlerts(display.alerts);
    }
  });

  /** A registered text input: react-hook-form's ref goes to the <input>, not MUI's wrapper. */
  function textField(name: Exclude<SignupFormField, 'gender' | 'role'>) {
    return { ...textFieldProps(form, name), fullWidth: true };
  }
  // A value set by the invitation (setValue on an uncontrolled input) does not move MUI's label: shrink it, or it is drawn over the value.
  const prefilled = (set: unknown) => (invited && !invited.has_account && set ? { slotProps: { inputLabel: { shrink: true } } } : {});
  const organisationField = (name: OrganisationFieldName) => textField(name);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Box sx={{ display: 'flex', alignItems: 'stretch' }}>
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flex: '0 0 40%',
            flexDirection: 'column',
            justifyContent: 'center',
            p: 5,
            borderRadius: '24px 0 0 24px',
            bgcolor: 'primary.dark',
            color: 'primary.contrastText',
          }}
        >
          <Typography variant="h2" sx={{ fontSize: 30, mb: 2 }}>
            Rejoignez la communauté EcoForma
          </Typography>
          <Typography sx={{ mb: 3 }}>
            Formez-vous aux métiers du développement durable : RSE, écologie, biodiversité, éco-agriculture, gestion des déchets et
            éco-construction.
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {promoPoints.map((point) => (
              <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
                <CheckCircleOutline aria-hidden sx={{ mt: 0.25 }} />
                <Typography component="span">{point}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>

        <Paper variant="outlined" sx={{ flex: 1, p: { xs: 3, sm: 5 }, borderRadius: { xs: 3, md: '0 24px 24px 0' } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 36 }, mb: 1 }}>
            Créer un compte
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Les champs marqués d'un astérisque (*) sont obligatoires.
          </Typography>

          {invited && (
            <Alert severity="info" sx={{ mb: 3 }}>
              {invited.organisation_name} vous invite à suivre ses formations sur EcoForma. Créez votre compte apprenant avec l'adresse {invited.email}, puis
              acceptez l'invitation.
            </Alert>
          )}
          {invitation.isError && (
            <Alert severity="warning" sx={{ mb: 3 }}>
              {invitation.error.message}
            </Alert>
          )}

          {alerts.length > 0 && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {alerts.length === 1 ? (
                alerts[0]
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {alerts.map((alert) => (
                    <li key={alert}>{alert}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}

          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Inscription">
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
              <Controller
                name="role"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label="Rôle"
                    disabled={Boolean(invited)}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(errors.role)}
                    helperText={errors.role?.message}
                    fullWidth
                    sx={{ gridColumn: '1 / -1' }}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    {signupRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              {isOrganisation && (
                <>
                  <OrganisationFields field={organisationField} />
                  <Typography variant="h2" sx={{ fontSize: 18, gridColumn: '1 / -1', mt: 1 }}>
                    Personne à contacter
                  </Typography>
                </>
              )}
              <TextField {...textField('firstname')} {...prefilled(invited?.firstname)} label="Prénom" autoComplete="given-name" required />
              <TextField {...textField('lastname')} {...prefilled(invited?.lastname)} label="Nom" autoComplete="family-name" required />
              <TextField {...textField('email')} {...prefilled(invited?.email)} label="Adresse e-mail" type="email" autoComplete="email" required sx={{ gridColumn: '1 / -1' }} />
              <PasswordField
                {...textField('password')}
                helperText={errors.password?.message ?? '8 caractères minimum, dont une majuscule, une minuscule et un chiffre.'}
                label="Mot de passe"
                autoComplete="new-password"
                required
              />
              <PasswordField {...textField('confirmPassword')} label="Confirmer le mot de passe" autoComplete="new-password" required />

              {!isOrganisation && (
                <>
              <Controller
                name="gender"
                control={form.control}
                render={({ field }) => (
                  <FormControl error={Boolean(errors.gender)} required sx={{ gridColumn: '1 / -1' }}>
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
                      <FormControlLabel value="female" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label={genderLabels.female} />
                      <FormControlLabel value="male" control={<Radio />} label={genderLabels.male} />
                    </RadioGroup>
                    {errors.gender && <FormHelperText id={genderHelpId}>{errors.gender.message}</FormHelperText>}
                  </FormControl>
                )}
              />

              <TextField
                {...textField('birthdate')}
                label="Date de naissance"
                type="date"
                autoComplete="bday"
                required
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
              />
                </>
              )}
              <TextField {...textField('phone_number')} label={isOrganisation ? 'Téléphone du contact' : 'Téléphone (facultatif)'} type="tel" autoComplete="tel" required={isOrganisation} />

            </Box>

            <Button type="submit" variant="contained" size="large" fullWidth disabled={signup.isPending} sx={{ mt: 3 }}>
              {signup.isPending ? 'Inscription en cours…' : "S'inscrire"}
            </Button>
          </Box>

          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            Vous avez déjà un compte ?{' '}
            <Link component={RouterLink} to={webPaths.login} state={returnState} sx={{ fontWeight: 600 }}>
              Connectez-vous
            </Link>
          </Typography>
        </Paper>
      </Box>
    </Container>
  );
}
