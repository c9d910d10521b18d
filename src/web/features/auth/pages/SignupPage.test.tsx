import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { mockApi, sentBody } from '../../../test/api';
import { Arrival, ArrivalWithState, renderRoutes } from '../../../test/render';
import SignupPage from './SignupPage';

function renderSignup(entry = '/signup') {
  return renderRoutes(entry, { '/signup': <SignupPage />, '*': <Arrival /> });
}

async function fillValidForm(overrides: { password?: string; confirm?: string } = {}) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Prénom/), 'Zoé');
  await user.type(screen.getByLabelText(/^Nom/), "O'Brien");
  await user.type(screen.getByLabelText(/^Adresse e-mail/), 'zoe@exemple.fr');
  await user.type(screen.getByLabelText(/^Mot de passe/), overrides.password ?? 'Motdepasse1');
  await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), overrides.confirm ?? 'Motdepasse1');
  await user.click(screen.getByRole('radio', { name: 'Femme' }));
  await user.type(screen.getByLabelText(/^Date de naissance/), '1990-05-17');
  return user;
}

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

describe('SignupPage', () => {
  it('labels every field and defaults the role to Membre', () => {
    renderSignup();
    for (const label of [/^Prénom/, /^Nom/, /^Adresse e-mail/, /^Mot de passe/, /^Confirmer le mot de passe/, /^Date de naissance/, /^Téléphone/, /^Rôle/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('radiogroup', { name: /Genre/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Date de naissance/)).toHaveAttribute('type', 'date');
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toHaveValue('membre');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Membre', 'Formateur', 'Organisation']);
    expect(screen.getByRole('link', { name: 'Connectez-vous' })).toHaveAttribute('href', '/login');
  });

  it('preselects the role given in ?role=, and ignores an unknown one', () => {
    const { unmount } = renderSignup('/signup?role=formateur');
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toHaveValue('formateur');
    unmount();
    renderSignup('/signup?role=admin');
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toHaveValue('membre');
  });

  it('shows every client message of spec section 5 and sends nothing', async () => {
    const { fetchMock } = mockApi({});
    renderSignup();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: "S'inscrire" }));
    for (const message of [
      'Le prénom est obligatoire.',
      'Le nom est obligatoire.',
      "L'adresse e-mail est obligatoire.",
      'Le mot de passe est obligatoire.',
      'La date de naissance est obligatoire.',
      'Le genre est obligatoire.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('radiogroup', { name: /Genre/ })).toHaveAccessibleDescription('Le genre est obligatoire.');
    expect(screen.getByLabelText(/^Prénom/)).toHaveAccessibleDescription('Le prénom est obligatoire.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format and the password length', async () => {
    renderSignup();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'zoe@exemple');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Format d'adresse e-mail invalide.")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeInTheDocument();
  });

  it('stops at the password mismatch: no birthdate or gender message', async () => {
    renderSignup();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Motdepasse2');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(screen.queryByText('La date de naissance est obligatoire.')).not.toBeInTheDocument();
    expect(screen.queryByText('Le genre est obligatoire.')).not.toBeInTheDocument();
  });

  it('sends the spec payload, stores the session and sends a trainer to the CV upload', async () => {
    const { fetchMock } = mockApi({
      'POST /api/signup': {
        status: 201,
        body: { accessToken: 'jeton', user: { id: 9, role: 'formateur', firstname: 'Zoé', lastname: "O'Brien", email: 'zoe@exemple.fr', is_valid: false } },
      },
    });
    renderSignup('/signup?role=formateur');
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Arrivée : /formateur/upload-cv')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({
      name: "Zoé O'Brien",
      firstname: 'Zoé',
      lastname: "O'Brien",
      email: 'zoe@exemple.fr',
      gender: 'female',
      birthdate: '1990-05-17',
      phone_number: '',
      password: 'Motdepasse1',
      is_valid: true,
      role: 'formateur',
      country: '',
      speciality: '',
      cin: '',
      cv: '',
      profil_picture: '',
    });
    expect(useSession.getState().user).toMatchObject({ id: 9, role: 'formateur', isApproved: false });
  });

  it('sends a member to the catalogue', async () => {
    mockApi({
      'POST /api/signup': { status: 201, body: { accessToken: 'jeton', user: { id: 9, role: 'membre', firstname: 'Zoé', lastname: 'B', email: 'zoe@exemple.fr', is_valid: true } } },
    });
    renderSignup('/signup?role=membre');
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Arrivée : /user/courses')).toBeInTheDocument();
  });

  it('asks an organisation for its details and its contact, not for a gender nor a birth date, then opens its dashboard', async () => {
    const { fetchMock } = mockApi({
      'POST /api/signup': { status: 201, body: { accessToken: 'jeton', user: { id: 9, role: 'organisme', firstname: 'Olivia', lastname: 'Contact', email: 'rh@asso.fr', is_valid: true } } },
    });
    renderSignup('/signup?role=organisme');
    expect(screen.queryByRole('radiogroup', { name: /Genre/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Date de naissance/)).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    for (const message of ["Le nom de l'organisation est obligatoire.", 'Le numéro SIRET est obligatoire.', 'Le téléphone du contact est obligatoire.']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Nom de l'organisation/), 'Asso Verte');
    await user.type(screen.getByLabelText(/^Numéro SIRET/), '732 829 320 00075');
    await user.selectOptions(screen.getByLabelText(/^Effectif/), '10-49');
    await user.selectOptions(screen.getByLabelText(/^Secteur/), 'associatif');
    await user.type(screen.getByLabelText(/^Adresse \*/), '3 rue des Lilas');
    await user.type(screen.getByLabelText(/^Code postal/), '69003');
    await user.type(screen.getByLabelText(/^Ville/), 'Lyon');
    await user.type(screen.getByLabelText(/^Prénom/), 'Olivia');
    await user.type(screen.getByLabelText(/^Nom \*/), 'Contact');
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'rh@asso.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Motdepasse1');
    await user.type(screen.getByLabelText(/^Téléphone du contact/), '04 72 00 00 00');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Ce numéro SIRET n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez-le sur votre extrait Kbis ou votre avis de situation Insee.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Numéro SIRET/));
    await user.type(screen.getByLabelText(/^Numéro SIRET/), '732 829 320 00074');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Arrivée : /organisme/tableau-de-bord')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toMatchObject({ role: 'organisme', organisation_name: 'Asso Verte', siret: '732 829 320 00074', sector: 'associatif', size_band: '10-49', postal_code: '69003', phone_number: '04 72 00 00 00' });
    expect(sentBody(fetchMock)).not.toHaveProperty('gender');
  }, 90_000); // types a dozen fields key by key: past 30 s on a loaded two-core machine

  it('opened from an invitation: prefills the invited address as a learner, then goes on to the join confirmation', async () => {
    const { calls } = mockApi({
      'POST /api/invitations/lookup': {
        status: 200,
        body: { organisation_name: 'Coop Soleil', email: 'lea@exemple.fr', expires_at: '2030-01-01T00:00:00Z', firstname: 'Léa', lastname: null, has_account: false },
      },
      'POST /api/signup': { status: 201, body: { accessToken: 'jeton', user: { id: 9, role: 'membre', firstname: 'Léa', lastname: 'B', email: 'lea@exemple.fr', is_valid: true } } },
    });
    renderRoutes('/signup?invitation=jeton-d-invitation', { '/signup': <SignupPage />, '*': <ArrivalWithState /> });
    expect(await screen.findByText(/Coop Soleil vous invite à suivre ses formations/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresse e-mail/)).toHaveValue('lea@exemple.fr');
    // The prefilled values' labels sit above them (MUI shrink), not over them (issue 25).
    expect(document.querySelector('label[for="' + screen.getByLabelText(/^Adresse e-mail/).id + '"]')).toHaveAttribute('data-shrink', 'true');
    expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Léa');
    expect(document.querySelector('label[for="' + screen.getByLabelText(/^Nom/).id + '"]')).toHaveAttribute('data-shrink', 'false');
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toHaveValue('membre');
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Nom/), 'B');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Motdepasse1');
    await user.click(screen.getByRole('radio', { name: 'Femme' }));
    await user.type(screen.getByLabelText(/^Date de naissance/), '1990-05-17');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Arrivée : /rejoindre avec {"invitationToken":"jeton-d-invitation"}')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'jeton-d-invitation' } });
    // The link goes with the signup: it proves the address (no confirmation e-mail).
    expect(calls.find((c) => c.url.pathname === '/api/signup')!.body).toMatchObject({ email: 'lea@exemple.fr', firstname: 'Léa', invitation_token: 'jeton-d-invitation' });
  });

  it('opened from an invitation whose address has an account already: goes on to the answer, not to a second signup', async () => {
    mockApi({
      'POST /api/invitations/lookup': {
        status: 200,
        body: { organisation_name: 'Coop Soleil', email: 'lea@exemple.fr', expires_at: '2030-01-01T00:00:00Z', firstname: null, lastname: null, has_account: true },
      },
    });
    renderRoutes('/signup?invitation=jeton-d-invitation', { '/signup': <SignupPage />, '*': <ArrivalWithState /> });
    expect(await screen.findByText('Arrivée : /rejoindre avec {"invitationToken":"jeton-d-invitation"}')).toBeInTheDocument();
    expect(sessionStorage.getItem('ecoforma.invitation')).toBe('jeton-d-invitation');
  });

  it('goes back to the course it was opened from, handing it the wish to enrol', async () => {
    mockApi({
      'POST /api/signup': { status: 201, body: { accessToken: 'jeton', user: { id: 9, role: 'membre', firstname: 'Zoé', lastname: 'B', email: 'zoe@exemple.fr', is_valid: true } } },
    });
    renderRoutes({ pathname: '/signup', state: { from: '/user/courses/7', enrolCourseId: 7 } }, { '/signup': <SignupPage />, '*': <ArrivalWithState /> });
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Arrivée : /user/courses/7 avec {"enrolCourseId":7}')).toBeInTheDocument();
  });

  it('passes the return state on to the login screen through "Connectez-vous"', async () => {
    renderRoutes({ pathname: '/signup', state: { from: '/user/courses/7', enrolCourseId: 7 } }, { '/signup': <SignupPage />, '*': <ArrivalWithState /> });
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Connectez-vous' }));
    expect(await screen.findByText('Arrivée : /login avec {"from":"/user/courses/7","enrolCourseId":7}')).toBeInTheDocument();
  });

  it('shows server field errors under their fields and other errors on top with French names', async () => {
    mockApi({
      'POST /api/signup': {
        status: 422,
        body: {
          error_code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { password: ['Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre.'], country: ['Ce champ ne doit pas dépasser 100 caractères.'] },
        },
      },
    });
    renderSignup();
    const user = await fillValidForm({ password: 'motdepasse', confirm: 'motdepasse' });
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Pays : Ce champ ne doit pas dépasser 100 caractères.');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveFocus();
  });

  it('shows a taken email under the email field', async () => {
    const text = 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.';
    mockApi({ 'POST /api/signup': { status: 409, body: { error_code: 'email_taken', message: text, errors: { email: [text] } } } });
    renderSignup();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(text);
  });

  it('says "Inscription en cours…" while waiting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'POST /api/signup': async () => {
        await gate;
        return { status: 503, body: { error_code: 'maintenance_mode', message: 'x' } };
      },
    });
    renderSignup();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByRole('button', { name: 'Inscription en cours…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('La plateforme est en maintenance. Veuillez réessayer plus tard.');
  });

  it('sends a signed-in user away on arrival', async () => {
    useSession.getState().setSession('jeton', { id: 2, role: 'membre', email: 'm@e.fr', firstname: 'M', lastname: 'B', isApproved: true, hasMeeting: false });
    renderSignup();
    expect(await screen.findByText('Arrivée : /profile')).toBeInTheDocument();
  });
});
