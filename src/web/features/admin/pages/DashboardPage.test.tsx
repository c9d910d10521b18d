import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen-width';
import { adminUser, signInAdmin, usersResponse } from '../test/fixtures';
import DashboardPage from './DashboardPage';

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it('shows the four counters and the table with the spec columns', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/dashboard': { body: usersResponse([adminUser()]) } });
    renderRoutes('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord admin' })).toBeInTheDocument();
    const counters = await screen.findByRole('list', { name: 'Compteurs' });
    await within(counters).findByText(/^1\s234$/);
    expect(within(counters).getByText('Utilisateurs total').nextSibling).toHaveTextContent(/^1\s234$/);
    expect(within(counters).getByText('En attente').nextSibling).toHaveTextContent('56');
    expect(within(counters).getByText('Réunions').nextSibling).toHaveTextContent('9');
    const table = screen.getByRole('table', { name: 'Utilisateurs' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nom', 'E-mail', 'Rôle', 'Spécialité', 'Statut', 'Réunion', 'Actions']);
    expect(await within(table).findByRole('link', { name: 'Hélène Dupré' })).toHaveAttribute('href', '/admin/users/7');
    expect(within(table).getByText('En attente')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Approuver Hélène Dupré' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Télécharger le CV de Hélène Dupré' })).toBeInTheDocument();
  });

  it('says nothing matched, and suggests changing the search', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/dashboard': { body: usersResponse([]) } });
    renderRoutes('/admin/dashboard?q=personne', { '/admin/dashboard': <DashboardPage /> });
    expect(await screen.findByText('Aucun utilisateur trouvé')).toBeInTheDocument();
    expect(screen.getByText("Essayez d'ajuster votre recherche ou vos filtres")).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('personne');
  });

  it('says the list could not be loaded', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/dashboard': { status: 500, body: { error_code: 'server_error', message: 'x' } } });
    renderRoutes('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    expect(await screen.findByText('Échec du chargement des utilisateurs. Veuillez réessayer.')).toBeInTheDocument();
  });

  it('approves from the row and says so', async () => {
    signInAdmin();
    const { calls } = mockApi({
      'GET /api/admin/dashboard': { body: usersResponse([adminUser()]) },
      'PUT /api/admin/users/7/status': { body: adminUser({ is_valid: true }) },
    });
    renderRoutes('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Approuver Hélène Dupré' }));
    expect(await screen.findByText('Hélène Dupré a été approuvé avec succès')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_valid: true });
  });

  it('shows each user as a card on a phone, with every action of the row', async () => {
    setScreenWidth(360);
    signInAdmin();
    const { calls } = mockApi({
      'GET /api/admin/dashboard': { body: usersResponse([adminUser({ meeting_id: 3, meeting_date: '2026-02-03T09:30:00.000Z' })]) },
      'PUT /api/admin/users/7/status': { body: adminUser({ is_valid: true }) },
    });
    renderRoutes('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    const card = within(await screen.findByRole('list', { name: 'Utilisateurs' })).getByRole('listitem');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['E-mail', 'Rôle', 'Spécialité', 'Statut', 'Réunion']);
    expect(within(card).getByRole('button', { name: 'Télécharger le CV de Hélène Dupré' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Planifier une réunion avec Hélène Dupré' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Rejoindre la réunion avec Hélène Dupré' })).toHaveAttribute('href', '/admin/meeting/7/3');
    await userEvent.click(within(card).getByRole('button', { name: 'Approuver Hélène Dupré' }));
    expect(await screen.findByText('Hélène Dupré a été approuvé avec succès')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_valid: true });
  });

  it('sends the search and filters from the address to the server', async () => {
    signInAdmin();
    const { calls } = mockApi({ 'GET /api/admin/dashboard': { body: usersResponse([]) } });
    renderRoutes('/admin/dashboard?q=helene&role=formateur&status=pending&page=2', { '/admin/dashboard': <DashboardPage /> });
    await screen.findByText('Aucun utilisateur trouvé');
    const params = Object.fromEntries(calls.find((c) => c.url.pathname === '/api/admin/dashboard')!.url.searchParams);
    expect(params).toEqual({ q: 'helene', role: 'formateur', status: 'pending', page: '2', pageSize: '20' });
  });

  it('shows the platform’s figures by month, newest first (issue 27)', async () => {
    signInAdmin();
    const months = Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, enrolments: i, completions: 0, satisfaction: null as number | null, complaints: 0 }));
    months[11] = { month: '2026-12', enrolments: 42, completions: 7, satisfaction: 4.3, complaints: 2 };
    mockApi({ 'GET /api/admin/dashboard': { body: usersResponse([]) }, 'GET /api/admin/figures/monthly': { body: { months } } });
    renderRoutes('/admin/dashboard', { '/admin/dashboard': <DashboardPage /> });
    const table = await screen.findByRole('table', { name: 'Chiffres de la plateforme sur 12 mois' });
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\u00a0|\u202f/g, ' '))).toEqual(['42', '7', '4,3 / 5', '2']);
    expect(within(firstRow).getByRole('rowheader')).toHaveTextContent('décembre 2026');
  });
});
