import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { API_TIMEOUT_MS } from '../../../lib/api-client';
import { mockApi, noAnswer, sentBody } from '../../../test/api';
import { Arrival, ArrivalWithState, renderRoutes } from '../../../test/render';
import LoginPage from './LoginPage';

const account = { id: 4, role: 'membre', firstname: 'Zoé', lastname: 'Lefèvre', email: 'zoe@exemple.fr', is_valid: true };

function renderLogin(entry: Parameters<typeof renderRoutes>[0] = '/login') {
  return renderRoutes(entry, { '/login': <LoginPage />, '*': <Arrival /> });
}

async function fillAndSubmit(email = 'zoe@exemple.fr', password = 'Motdepasse1') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/Adresse e-mail/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('shows the welcome panel, the remember box, the forgotten-password text and the signup link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Accédez à votre tableau de bord professionnel')).toBeInTheDocument();
    expect(screen.getByText('Connectez-vous avec votre réseau')).toBeInTheDocument();
    expect(screen.getByText('Découvrez les nouvelles opportunités et vos messages')).toBeInTheDocument();
    expect(screen.getByText('Mettez à jour votre profil et vos préférences')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Se souvenir de moi' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: /^Mot de passe oublié/ })).toHaveAttribute('href', '/mot-de-passe-oublie');
    expect(screen.getByRole('link', { name: 'Inscrivez-vous maintenant' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /EcoForma, retour à l'accueil/ })).toHaveAttribute('href', '/');
  });

  it('shows its own French messages for empty fields and calls nothing', async () => {
    const { fetchMock } = mockApi({});
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir votre mot de passe')).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles the password visibility with a labelled button', async () => {
    renderLogin();
    const user = userEvent.setup({ delay: null });
    const input = screen.getByLabelText(/^Mot de passe/);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows the error in an alert and a snackbar, and stays on the page', async () => {
    mockApi({ 'POST /api/login': { status: 401, body: { error_code: 'invalid_credentials', message: 'x' } } });
    renderLogin();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Adresse e-mail ou mot de passe incorrect.');
    expect(screen.getByRole('status')).toHaveTextContent('Adresse e-mail ou mot de passe incorrect.');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    expect(useSession.getState().isAuthenticated).toBe(false);
  });

  it('hides the snackbar after 6 seconds, keeps the inline alert', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({ 'POST /api/login': { status: 423, body: { error_code: 'account_locked', message: 'x' } } });
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText(/Adresse e-mail/), 'zoe@exemple.fr');
      await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1{Enter}');
      await screen.findByRole('status');
      act(() => vi.advanceTimersByTime(5800));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      expect(screen.getByRole('alert')).toHaveTextContent('Compte temporairement verrouillé');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "Connexion en cours…" and disables the button while waiting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'POST /api/login': async () => {
        await gate;
        return { status: 401, body: { error_code: 'invalid_credentials', message: 'x' } };
      },
    });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Connexion en cours…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it('stores the session and goes to the role page; Enter submits; remember is sent', async () => {
    const { fetchMock } = mockApi({ 'POST /api/login': { status: 200, body: { accessToken: 'jeton', user: account } } });
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Se souvenir de moi' }));
    await user.type(screen.getByLabelText(/Adresse e-mail/), ' zoe@exemple.fr ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1{Enter}');
    expect(await screen.findByText('Arrivée : /user/courses')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ email: 'zoe@exemple.fr', password: 'Motdepasse1', remember: true });
    expect(useSession.getState().user).toEqual({
      id: 4,
      role: 'membre',
      firstname: 'Zoé',
      lastname: 'Lefèvre',
      email: 'zoe@exemple.fr',
      isApproved: true,
      hasMeeting: false,
    });
    expect(localStorage.getItem('accessToken')).toBe('jeton');
    expect(localStorage.getItem('userRole')).toBe('membre');
  });

  it('sends an unapproved trainer to the waiting page', async () => {
    mockApi({ 'POST /api/login': { status: 200, body: { accessToken: 'jeton', user: { ...account, role: 'formateur', is_valid: false } } } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Arrivée : /formateur/waiting-approval')).toBeInTheDocument();
    expect(localStorage.getItem('isApproved')).toBe('false');
  });

  it('goes back to the page the guard stopped them at, when allowed', async () => {
    mockApi({ 'POST /api/login': { status: 200, body: { accessToken: 'jeton', user: account } } });
    renderLogin({ pathname: '/login', state: { from: '/profile' } });
    await fillAndSubmit();
    expect(await screen.findByText('Arrivée : /profile')).toBeInTheDocument();
  });

  it('goes back to the course it was opened from with the wish to enrol, and drops the wish elsewhere', async () => {
    mockApi({ 'POST /api/login': { status: 200, body: { accessToken: 'jeton', user: account } } });
    const first = renderRoutes({ pathname: '/login', state: { from: '/user/courses/7', enrolCourseId: 7 } }, { '/login': <LoginPage />, '*': <ArrivalWithState /> });
    await fillAndSubmit();
    expect(await screen.findByText('Arrivée : /user/courses/7 avec {"enrolCourseId":7}')).toBeInTheDocument();
    first.unmount();
    useSession.getState().clear();
    renderRoutes({ pathname: '/login', state: { from: '/admin/dashboard', enrolCourseId: 7 } }, { '/login': <LoginPage />, '*': <ArrivalWithState /> });
    await fillAndSubmit();
    expect(await screen.findByText('Arrivée : /user/courses avec null')).toBeInTheDocument();
  });

  it('passes the return state on to the signup screen through "Inscrivez-vous maintenant"', async () => {
    renderRoutes({ pathname: '/login', state: { from: '/user/courses/7', enrolCourseId: 7 } }, { '/login': <LoginPage />, '*': <ArrivalWithState /> });
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Inscrivez-vous maintenant' }));
    expect(await screen.findByText('Arrivée : /signup avec {"from":"/user/courses/7","enrolCourseId":7}')).toBeInTheDocument();
  });

  it('ignores a remembered page the role may not open', async () => {
    mockApi({ 'POST /api/login': { status: 200, body: { accessToken: 'jeton', user: account } } });
    renderLogin({ pathname: '/login', state: { from: '/admin/dashboard' } });
    await fillAndSubmit();
    expect(await screen.findByText('Arrivée : /user/courses')).toBeInTheDocument();
  });

  it('sends a signed-in admin to the dashboard on arrival, others to their profile', async () => {
    useSession.getState().setSession('jeton', { id: 1, role: 'admin', email: 'a@e.fr', firstname: 'A', lastname: 'B', isApproved: true, hasMeeting: false });
    const { unmount } = renderLogin();
    expect(await screen.findByText('Arrivée : /admin/dashboard')).toBeInTheDocument();
    unmount();
    useSession.getState().setSession('jeton', { id: 2, role: 'organisme', email: 'o@e.fr', firstname: 'O', lastname: 'B', isApproved: true, hasMeeting: false });
    renderLogin();
    expect(await screen.findByText('Arrivée : /profile')).toBeInTheDocument();
  });

  it('shows the notice left when the session expired, once', () => {
    useSession.getState().clear('Votre session a expiré. Veuillez vous reconnecter.');
    const { unmount } = renderLogin();
    const notice = screen.getByText('Votre session a expiré. Veuillez vous reconnecter.');
    expect(within(notice.closest('[role="alert"]')!).getByText(/session a expiré/)).toBeInTheDocument();
    expect(useSession.getState().notice).toBeNull();
    unmount();
    renderLogin();
    expect(screen.queryByText('Votre session a expiré. Veuillez vous reconnecter.')).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de joindre le serveur. Vérifiez votre connexion internet.');
  });

  it('gives up on a server that never answers: network message, button back to « Se connecter »', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({ 'POST /api/login': noAnswer() });
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText(/Adresse e-mail/), 'zoe@exemple.fr');
      await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse1{Enter}');
      expect(await screen.findByRole('button', { name: 'Connexion en cours…' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(API_TIMEOUT_MS));
      expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de joindre le serveur. Vérifiez votre connexion internet.');
      expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
      expect(useSession.getState().isAuthenticated).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
