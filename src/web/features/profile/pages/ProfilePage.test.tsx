import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../../shared/auth';
import { accountMessages } from '../../../../shared/account';
import { passwordMessages } from '../../../../shared/password';
import { profileMessages, type Profile } from '../../../../shared/profile';
import { useSession } from '../../../lib/session';
import { mockApi, sentBody } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import ProfilePage from './ProfilePage';

const base: Profile = {
  id: 5,
  role: 'membre',
  firstname: 'Zoé',
  lastname: 'Lefèvre',
  phone_number: '06 12 34 56 78',
  email: 'zoe@exemple.fr',
  birthdate: '1990-05-17',
  gender: 'female',
  meeting_date: null,
  meeting_url: null,
  is_valid: true,
  email_confirmed: true,
};

function signIn(profile: Profile) {
  useSession.getState().setSession('jeton', {
    id: profile.id,
    role: profile.role,
    email: profile.email,
    firstname: profile.firstname,
    lastname: profile.lastname,
    isApproved: true,
    hasMeeting: false,
  });
}

function renderProfile(profile: Profile, extra: Parameters<typeof mockApi>[0] = {}) {
  signIn(profile);
  const { fetchMock } = mockApi({ 'GET /api/user/profile': { status: 200, body: profile }, ...extra });
  renderRoutes('/profile', { '/profile': <ProfilePage />, '*': <Arrival /> });
  return fetchMock;
}

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage', () => {
  it('shows the card, the tabs, the details in French and the account status', async () => {
    renderProfile(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoé Lefèvre' })).toBeInTheDocument();
    expect(screen.getByText('ZL')).toBeInTheDocument();
    expect(screen.getByText('Vérifié')).toBeInTheDocument();
    expect(screen.getByText('Membre')).toBeInTheDocument();
    expect(screen.getAllByText('zoe@exemple.fr').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Informations personnelles' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Activité' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Paramètres' })).toBeEnabled();
    expect(screen.getByText('17 mai 1990')).toBeInTheDocument();
    expect(screen.getByText('Femme')).toBeInTheDocument();
    expect(screen.getByText('Compte vérifié')).toBeInTheDocument();
    expect(screen.queryByText("Entretien avec l'administrateur")).not.toBeInTheDocument();
  });

  it("lists the enrolled and saved courses in the 'Activité' tab", async () => {
    const course = {
      id: 4,
      title: 'Zéro déchet en entreprise',
      description: 'Réduire les déchets de sa structure.',
      category: { slug: 'dechets', name: 'Gestion des déchets' },
      duration: '2 mois',
      price: 80,
      discountPrice: null,
      image: null,
      user: { id: 2, name: 'Claire Dubois', avatar: null },
      status: 'published',
      created_at: '2026-01-10T10:00:00.000Z',
    };
    renderProfile(base, { 'GET /api/user/courses': { status: 200, body: { enrolled: [course], saved: [] } } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Activité' }));
    const enrolled = await screen.findByRole('region', { name: 'Mes inscriptions' });
    expect(within(enrolled).getByRole('link', { name: 'Zéro déchet en entreprise' })).toHaveAttribute('href', '/user/courses/4');
    expect(within(screen.getByRole('region', { name: 'Sauvegardés pour plus tard' })).getByText('Aucun cours sauvegardé pour le moment.')).toBeInTheDocument();
  });

  it('says when there is no phone number and the account waits for verification', async () => {
    renderProfile({ ...base, role: 'formateur', phone_number: null, is_valid: false });
    expect(await screen.findByText('En attente')).toBeInTheDocument();
    expect(screen.getAllByText('Pas de numéro de téléphone').length).toBeGreaterThan(0);
    expect(screen.getByText('En attente de vérification')).toBeInTheDocument();
    expect(screen.getByText('Formateur')).toBeInTheDocument();
  });

  it('shows the interview card to an unvalidated account with a meeting, and raises the meeting flag', async () => {
    // In ten minutes: the room is open and the server hands out its address.
    const meeting_date = new Date(Date.now() + 10 * 60_000).toISOString();
    renderProfile({ ...base, role: 'formateur', is_valid: false, meeting_date, meeting_url: 'https://meet.jit.si/EcoForma-5-abc' });
    expect(await screen.findByText("Entretien avec l'administrateur")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejoindre quand prêt' })).toHaveAttribute('href', 'https://meet.jit.si/EcoForma-5-abc');
    expect(screen.getByText('La salle est ouverte : vous pouvez la rejoindre dès maintenant.')).toBeInTheDocument();
    expect(document.getElementById('entretien')).not.toBeNull();
    await waitFor(() => expect(useSession.getState().user?.hasMeeting).toBe(true));
    expect(localStorage.getItem('hasMeeting')).toBe('true');
  });

  it('hides the interview card of a validated account once the interview is over, and lowers the flag', async () => {
    renderProfile({ ...base, meeting_date: new Date(Date.now() - 3 * 3600_000).toISOString(), meeting_url: null });
    useSession.getState().updateUser({ hasMeeting: true });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText("Entretien avec l'administrateur")).not.toBeInTheDocument();
    expect(screen.queryByText('Entretien terminé')).not.toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().user?.hasMeeting).toBe(false));
  });

  it('keeps the card of a validated account while its interview is to come: Mes rendez-vous leads there', async () => {
    renderProfile({ ...base, meeting_date: new Date(Date.now() + 24 * 3600_000).toISOString(), meeting_url: null });
    expect(await screen.findByRole('heading', { level: 2, name: "Entretien avec l'administrateur" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejoindre quand prêt' })).toBeDisabled();
  });

  it('edits, saves, shows the new values and updates the session names', async () => {
    const saved: Profile = { ...base, firstname: 'Jeanne', lastname: "D'Arc", gender: 'female' };
    let current = base;
    const fetchMock = renderProfile(base, {
      'GET /api/user/profile': () => ({ status: 200, body: current }),
      'PUT /api/user/profile': () => {
        current = saved;
        return { status: 200, body: saved };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const firstName = screen.getByLabelText(/^Prénom/);
    expect(firstName).toHaveFocus();
    expect(screen.getByLabelText(/^Date de naissance/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^Date de naissance/)).toHaveValue('1990-05-17');
    expect(within(screen.getByRole('radiogroup', { name: /Genre/ })).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['male', 'female']);
    await user.clear(firstName);
    await user.type(firstName, 'Jeanne');
    await user.clear(screen.getByLabelText(/^Nom/));
    await user.type(screen.getByLabelText(/^Nom/), "D'Arc");
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Vos informations ont été mises à jour.')).toBeInTheDocument();
    const putIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
    expect(sentBody(fetchMock, putIndex)).toEqual({
      firstName: 'Jeanne',
      lastName: "D'Arc",
      phoneNumber: '06 12 34 56 78',
      email: 'zoe@exemple.fr',
      birthDate: '1990-05-17',
      gender: 'female',
    });
    expect(screen.getByRole('heading', { level: 1, name: "Jeanne D'Arc" })).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ firstname: 'Jeanne', lastname: "D'Arc", email: 'zoe@exemple.fr' });
    expect(localStorage.getItem('firstName')).toBe('Jeanne');
    expect(screen.getByRole('button', { name: 'Modifier' })).toHaveFocus();
  });

  it('cancels without saving', async () => {
    const fetchMock = renderProfile(base);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText(/^Prénom/));
    await user.type(screen.getByLabelText(/^Prénom/), 'Autre');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Zoé Lefèvre' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Prénom/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('checks the fields before sending, with the signup messages', async () => {
    const fetchMock = renderProfile(base);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText(/^Prénom/));
    await user.type(screen.getByLabelText(/^Téléphone/), '{selectall}12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prénom est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Numéro de téléphone non valide.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('keeps the e-mail read-only in the form and points to Paramètres to change it', async () => {
    renderProfile(base);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const email = screen.getByLabelText(/^Adresse e-mail/);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue('zoe@exemple.fr');
    expect(email).toHaveAccessibleDescription(accountMessages.emailChangeElsewhere);
    expect(screen.queryByLabelText(/^Mot de passe actuel/)).not.toBeInTheDocument();
  });

  it('shows the server’s message about the e-mail under its field', async () => {
    const text = accountMessages.emailChangeElsewhere;
    renderProfile(base, { 'PUT /api/user/profile': { status: 422, body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { email: [text] } } } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Adresse e-mail/)).toHaveAttribute('aria-invalid', 'true'));
  });

  it('says when the profile cannot be loaded', async () => {
    signIn(base);
    mockApi({ 'GET /api/user/profile': { status: 500, body: { error_code: 'server_error', message: "Une erreur serveur s'est produite." } } });
    renderRoutes('/profile', { '/profile': <ProfilePage />, '*': <Arrival /> });
    expect(await screen.findByText(/Impossible de récupérer les données du profil/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('renders names with HTML as inert text', async () => {
    renderProfile({ ...base, firstname: '<img src=x onerror=alert(1)>', lastname: '🌱 "Ça"' });
    expect(await screen.findByRole('heading', { level: 1, name: '<img src=x onerror=alert(1)> 🌱 "Ça"' })).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("changes the password from the 'Paramètres' tab: current one, new one twice, the server's answer", async () => {
    const fetchMock = renderProfile(base, {
      'PUT /api/user/password': (_url, init) =>
        JSON.parse(String(init!.body)).currentPassword === 'Motdepasse1'
          ? { body: { message: passwordMessages.changed } }
          : { status: 422, body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { currentPassword: [profileMessages.currentPasswordWrong] } } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Paramètres' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Paramètres' })).getByRole('region', { name: 'Mot de passe' });
    await user.click(within(panel).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(panel).findByText(passwordMessages.currentRequired)).toBeInTheDocument();

    await user.type(within(panel).getByLabelText(/^Mot de passe actuel/), 'Pas-le-bon1');
    await user.type(within(panel).getByLabelText(/^Nouveau mot de passe/), 'toutpetit');
    await user.type(within(panel).getByLabelText(/^Confirmer le nouveau mot de passe/), 'toutpetit');
    await user.click(within(panel).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(panel).findByText(authMessages.passwordTooWeak)).toBeInTheDocument();

    await user.clear(within(panel).getByLabelText(/^Nouveau mot de passe/));
    await user.type(within(panel).getByLabelText(/^Nouveau mot de passe/), 'Nouveau-passe9');
    await user.clear(within(panel).getByLabelText(/^Confirmer le nouveau mot de passe/));
    await user.type(within(panel).getByLabelText(/^Confirmer le nouveau mot de passe/), 'Nouveau-passe9');
    await user.click(within(panel).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(panel).findByText(profileMessages.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(within(panel).getByLabelText(/^Mot de passe actuel/));
    await user.type(within(panel).getByLabelText(/^Mot de passe actuel/), 'Motdepasse1');
    await user.click(within(panel).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(passwordMessages.changed);
    expect(sentBody(fetchMock, fetchMock.mock.calls.length - 1)).toEqual({ currentPassword: 'Motdepasse1', password: 'Nouveau-passe9' });
  }, 90_000); // types three passwords key by key: past 30 s on a loaded two-core machine
});
