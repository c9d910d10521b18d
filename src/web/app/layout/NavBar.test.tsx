import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useSession, type SessionUser } from '../../lib/session';
import { mockApi } from '../../test/api';
import { signInAs } from '../../test/session';
import { AppProviders } from '../providers';
import { NavBar } from './NavBar';
import { desktopLinks, mobileLinks } from './navigation';

const baseUser: SessionUser = {
  id: 7,
  email: 'camille@exemple.fr',
  role: 'membre',
  firstname: 'Camille',
  lastname: 'Durand',
  isApproved: true,
  hasMeeting: false,
};

function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  return signInAs(baseUser, overrides);
}

function renderNavBar(client = new QueryClient(), initialPath = '/') {
  render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[initialPath]}>
        <NavBar />
        <Routes>
          <Route path="/" element={<p>Page d'accueil</p>} />
          <Route path="/login" element={<p>Page de connexion</p>} />
          <Route path="*" element={<p>Autre page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return client;
}

/**
 * The calls a trainer's bar makes: the status check (useTrainerStatusSync) answers what the test set
 * up; the message and notification counts answer none, each call with an answer of its own.
 */
function answerTrainerStatus(isApproved: boolean) {
  mockApi({
    [`GET /api/formateur/${baseUser.id}/status`]: { body: { isApproved, meeting: null } },
    'GET /api/conversations': { body: { items: [], total: 0, page: 1, pageSize: 1, unread: 0 } },
    'GET /api/notifications/unread-count': { body: { unread: 0 } },
  });
}

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);

afterEach(() => {
  useSession.getState().clear();
  vi.restoreAllMocks();
});

describe('navigation entries per role (spec section 2, top navigation bar)', () => {
  it('gives visitors Accueil, Formations (the catalogue) and À propos, plus Connexion and S’inscrire in the hamburger', () => {
    expect(desktopLinks(null).map((e) => [e.label, e.to])).toEqual([
      ['Accueil', '/'],
      ['Formations', '/user/courses'],
      ['À propos', '/about'],
    ]);
    expect(labels(mobileLinks(null))).toEqual(['Accueil', 'Formations', 'À propos', 'Connexion', "S'inscrire"]);
  });

  it('gives members Accueil, Cours (the catalogue), Mes formations, the network (issue 26) and À propos', () => {
    const entries = desktopLinks({ ...baseUser, role: 'membre' });
    expect(labels(entries)).toEqual(['Accueil', 'Cours', 'Mes formations', 'Opportunités', 'Annuaire', 'À propos']);
    expect(entries[1]!.to).toBe('/user/courses');
    expect(mobileLinks({ ...baseUser, role: 'membre' })).toEqual(entries);
  });

  it('gives organisations their dashboard, members and quotes, then the catalogue (decisions 025, 052)', () => {
    const entries = desktopLinks({ ...baseUser, role: 'organisme' });
    expect(entries.map((e) => [e.label, e.to])).toEqual([
      ['Accueil', '/'],
      ['Tableau de bord', '/organisme/tableau-de-bord'],
      ['Membres', '/organisme/membres'],
      ['Devis', '/organisme/devis'],
      ['Cours', '/user/courses'],
      ['Opportunités', '/opportunites'],
      ['Annuaire', '/annuaire'],
      ['À propos', '/about'],
    ]);
    expect(mobileLinks({ ...baseUser, role: 'organisme' })).toEqual(entries);
  });

  it('gives approved trainers Mes cours and Ajouter un cours', () => {
    const entries = desktopLinks({ ...baseUser, role: 'formateur', isApproved: true });
    expect(entries.map((e) => [e.label, e.to])).toEqual([
      ['Accueil', '/'],
      ['Mes cours', '/formateur/courses'],
      ['Ajouter un cours', '/formateur/add-course'],
      ['Opportunités', '/opportunites'],
      ['Annuaire', '/annuaire'],
      ['À propos', '/about'],
    ]);
  });

  it('gives unapproved trainers no links on wide screens and only Statut in the hamburger', () => {
    const trainer = { ...baseUser, role: 'formateur' as const, isApproved: false };
    expect(desktopLinks(trainer)).toEqual([]);
    expect(mobileLinks(trainer)).toEqual([{ label: 'Statut', to: '/formateur/waiting-approval' }]);
  });

  it('gives admins no main links at all', () => {
    expect(desktopLinks({ ...baseUser, role: 'admin' })).toEqual([]);
    expect(mobileLinks({ ...baseUser, role: 'admin' })).toEqual([]);
  });
});

describe('NavBar', () => {
  it('shows a visitor the logo, the links and the Connexion and S’inscrire buttons, but no account menu', () => {
    renderNavBar();
    expect(screen.getByRole('link', { name: 'EcoForma – Accueil' })).toHaveAttribute('href', '/');
    // Wide-screen entries sit in a container hidden by a media query that jsdom does not evaluate.
    expect(screen.getByRole('link', { name: 'Connexion', hidden: true })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: "S'inscrire", hidden: true })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'À propos', hidden: true })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Formations', hidden: true })).toHaveAttribute('href', '/user/courses');
    expect(screen.queryByRole('button', { name: /menu du compte/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('opens the hamburger menu with the visitor entries and closes it with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderNavBar();
    const burger = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Accueil',
      'Formations',
      'À propos',
      'Connexion',
      "S'inscrire",
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Connexion' })).toHaveAttribute('href', '/login');
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(burger).toHaveAttribute('aria-expanded', 'false'));
  });

  it('gives a member an account menu with name, role, Mon profil and Déconnexion', async () => {
    const user = userEvent.setup({ delay: null });
    signIn();
    renderNavBar();
    await user.click(await screen.findByRole('button', { name: 'Camille (menu du compte)' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Camille Durand')).toBeInTheDocument();
    expect(screen.getByText('Membre')).toBeInTheDocument();
    // No interview to come: no 'Mes rendez-vous'.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mon profil', 'Déconnexion']);
    expect(within(menu).getByRole('menuitem', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByText('En attente')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cours', hidden: true })).toHaveAttribute('href', '/user/courses');
  });

  it('shows learners the Mes formations entry, marked current on its page, and not to trainers or admins', () => {
    signIn();
    renderNavBar(new QueryClient(), '/user/learning');
    const entry = screen.getByRole('link', { name: 'Mes formations', hidden: true });
    expect(entry).toHaveAttribute('href', '/user/learning');
    expect(entry).toHaveAttribute('aria-current', 'page');
    for (const user of [{ ...baseUser, role: 'formateur' as const }, { ...baseUser, role: 'admin' as const }, null]) {
      expect(labels(desktopLinks(user))).not.toContain('Mes formations');
    }
  });

  it('names the account button by the first name it shows, then its purpose (WCAG 2.5.3, label in name)', async () => {
    signIn({ firstname: 'Camille' });
    renderNavBar();
    const button = await screen.findByRole('button', { name: /menu du compte/ });
    const shown = within(button).getByText('Camille').textContent ?? '';
    expect(shown).toBe('Camille');
    expect(button).toHaveAccessibleName(`${shown} (menu du compte)`);
    // No aria-label: axe compares one with all the visible text, the avatar's letter included.
    expect(button).not.toHaveAttribute('aria-label');
  });

  it('gives an admin the Tableau de bord admin entry and no main links', async () => {
    const user = userEvent.setup({ delay: null });
    signIn({ role: 'admin', firstname: 'Alix' });
    renderNavBar();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Alix (menu du compte)' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Administrateur')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Tableau de bord admin' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(menu).queryByRole('menuitem', { name: 'Ajouter un cours' })).not.toBeInTheDocument();
  });

  it('gives an approved trainer Ajouter un cours and the course links', async () => {
    const user = userEvent.setup({ delay: null });
    answerTrainerStatus(true);
    signIn({ role: 'formateur', isApproved: true });
    renderNavBar();
    expect(screen.getByRole('link', { name: 'Mes cours', hidden: true })).toHaveAttribute('href', '/formateur/courses');
    expect(screen.getByRole('link', { name: 'Ajouter un cours', hidden: true })).toHaveAttribute('href', '/formateur/add-course');
    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Ajouter un cours' })).toHaveAttribute('href', '/formateur/add-course');
    expect(within(menu).queryByRole('menuitem', { name: "Statut d'approbation" })).not.toBeInTheDocument();
    expect(screen.queryByText('En attente')).not.toBeInTheDocument();
  });

  it('gives an unapproved trainer the En attente chip, Statut d’approbation, and only Statut in the hamburger', async () => {
    const user = userEvent.setup({ delay: null });
    answerTrainerStatus(false);
    signIn({ role: 'formateur', isApproved: false });
    renderNavBar();
    expect(screen.queryByRole('link', { name: 'Mes cours', hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const burgerMenu = await screen.findByRole('menu');
    expect(within(burgerMenu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Statut']);
    expect(within(burgerMenu).getByRole('menuitem', { name: 'Statut' })).toHaveAttribute('href', '/formateur/waiting-approval');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('En attente')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: "Statut d'approbation" })).toHaveAttribute('href', '/formateur/waiting-approval');
    expect(within(menu).queryByRole('menuitem', { name: 'Ajouter un cours' })).not.toBeInTheDocument();
  });

  it('shows Mes rendez-vous, with its green dot, only with an interview to come, and links to that interview', async () => {
    const user = userEvent.setup({ delay: null });
    signIn({ hasMeeting: true });
    renderNavBar();
    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    const item = await screen.findByRole('menuitem', { name: /Mes rendez-vous/ });
    expect(item).toHaveAttribute('href', '/profile#entretien');
    expect(within(item).getByTestId('meeting-dot')).toBeInTheDocument();
    expect(item).toHaveTextContent('(un rendez-vous est programmé)');

    await user.keyboard('{Escape}');
    useSession.getState().updateUser({ hasMeeting: false });
    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Mes rendez-vous/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('meeting-dot')).not.toBeInTheDocument();
  });

  it('logs out: calls POST /api/logout with the token, clears the session and the query cache, opens /login', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    signIn();
    const client = new QueryClient();
    client.setQueryData(['profil'], { secret: 'donnée privée' });
    renderNavBar(client);
    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));

    expect(await screen.findByText('Page de connexion')).toBeInTheDocument();
    // The bell's count is asked too; logging out is one call.
    const logoutCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/logout');
    expect(logoutCalls).toHaveLength(1);
    const [url, init] = logoutCalls[0]!;
    expect(url).toBe('/api/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer jeton-de-test');
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(client.getQueryData(['profil'])).toBeUndefined();
    expect(screen.queryByRole('button', { name: /menu du compte/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('gives signed-in users the notification bell with their unread count, and visitors none', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/notifications/unread-count'
        ? new Response(JSON.stringify({ unread: 2 }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(null, { status: 404 }),
    );
    signIn();
    renderNavBar();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 non lues' })).toBeInTheDocument();
  });

  it('still logs out locally when the server cannot be reached', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    signIn();
    renderNavBar();
    await user.click(await screen.findByRole('button', { name: /menu du compte/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByText('Page de connexion')).toBeInTheDocument();
    expect(useSession.getState().isAuthenticated).toBe(false);
  });
});
