import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse, DashboardRow } from '../../../../shared/organisations';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import DashboardPage from './DashboardPage';

const row = (overrides: Partial<DashboardRow>): DashboardRow => ({
  member_id: 1,
  user_id: 101,
  name: 'Anne Avance',
  email: 'anne@exemple.fr',
  course: { id: 7, title: 'Eau' },
  enrolment_id: 70,
  enrolled_at: '2026-01-02T10:00:00Z',
  completed_lessons: 1,
  total_lessons: 2,
  percent: 50,
  last_activity_at: '2026-01-05T10:00:00Z',
  completed_at: null,
  certificate: null,
  certificate_revoked_at: null,
  inactive: false,
  ...overrides,
});

const board: DashboardResponse = {
  organisation_name: 'Asso Verte',
  items: [
    row({}),
    row({ member_id: 2, name: 'Bruno Boucle', percent: 100, completed_lessons: 2, completed_at: '2026-01-06T10:00:00Z', certificate: { code: 'AAAAAAAAAAAAAAAAAAAAAA', number: 'EF-2026-000001' } }),
    row({ member_id: 3, name: 'Ines Inactive', percent: 0, completed_lessons: 0, last_activity_at: null, inactive: true }),
    row({ member_id: 4, name: 'Rémi Révoqué', percent: 100, completed_lessons: 2, completed_at: '2026-01-06T10:00:00Z', certificate_revoked_at: '2026-02-01T10:00:00Z' }),
  ],
  total: 4,
  totalCapped: false,
  page: 1,
  pageSize: 20,
  summary: { members: 3, enrolments: 3, completed: 1, inactive: 1 },
};

beforeEach(() => useSession.getState().setSession('jeton', { id: 3, role: 'organisme', email: 'rh@asso.fr', firstname: 'O', lastname: 'C', isApproved: true, hasMeeting: false }));
afterEach(() => vi.unstubAllGlobals());

function renderDashboard(entry = '/organisme/tableau-de-bord', body: DashboardResponse = board) {
  const api = mockApi({ 'GET /api/organisation/dashboard': { body }, 'GET /api/organisation/courses': { body: [{ id: 7, title: 'Eau', seats: 5, used: 3 }] } });
  renderRoutes(entry, { '/organisme/tableau-de-bord': <DashboardPage />, '*': <Arrival /> });
  return api;
}

describe('DashboardPage', () => {
  it('shows progress, last activity, completion and the attestation link; inactive members say so in words', async () => {
    renderDashboard();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('progressbar', { name: 'Progression de Anne Avance dans «\u00a0Eau\u00a0»' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(within(table).getByText('Anne Avance').closest('tr')!).getByText('5 janvier 2026')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Attestation EF-2026-000001 de Bruno Boucle' })).toHaveAttribute('href', '/certificats/AAAAAAAAAAAAAAAAAAAAAA');
    const inactive = within(table).getByText('Ines Inactive').closest('tr')!;
    expect(within(inactive).getByText('Inactif depuis 14 jours')).toBeInTheDocument();
    expect(screen.getByText('Formations terminées').nextSibling).toHaveTextContent('1');
  });

  it('says when a search matched more rows than counted, and where to find them all', async () => {
    renderDashboard(undefined, { ...board, total: 1000, totalCapped: true });
    await screen.findByRole('table');
    expect(screen.getByText(/^Plus de 1\s000 lignes correspondent\s: précisez la recherche pour les parcourir, ou téléchargez l’export, qui les contient toutes\.$/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages du tableau' })).toBeInTheDocument();
  });

  it('counts exactly otherwise, and says nothing more', async () => {
    renderDashboard();
    await screen.findByRole('table');
    expect(screen.queryByText(/lignes correspondent/)).not.toBeInTheDocument();
  });

  it('says « révoquée » for a revoked attestation, and « — » where there is none (issue 25)', async () => {
    renderDashboard();
    const table = await screen.findByRole('table');
    const cells = (name: string) => within(within(table).getByText(name).closest('tr')!).getAllByRole('cell');
    expect(cells('Rémi Révoqué').at(-2)).toHaveTextContent(/^révoquée$/);
    expect(cells('Anne Avance').at(-2)).toHaveTextContent(/^—$/);
  });

  it('offers each consenting member’s attendance and certificat de réalisation (issue 27)', async () => {
    renderDashboard();
    const table = await screen.findByRole('table');
    const proofs = within(within(table).getByText('Anne Avance').closest('tr')!).getAllByRole('cell').at(-1)!;
    expect(within(proofs).getByRole('button', { name: "Télécharger l'assiduité (CSV) de Anne Avance, Eau" })).toBeEnabled();
    expect(within(proofs).getByRole('button', { name: 'Télécharger le certificat de réalisation de Anne Avance, Eau' })).toBeEnabled();
  });

  it('sends the filters and the search to the API, in the address too', async () => {
    const { calls } = renderDashboard();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText(/^Avancement/), 'inactive');
    await user.selectOptions(screen.getByLabelText(/^Formation/), '7');
    await user.type(screen.getByLabelText(/^Rechercher un membre/), 'ines');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    const last = calls.filter((c) => c.url.pathname === '/api/organisation/dashboard').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ status: 'inactive', course_id: '7', q: 'ines' });
  });

  it('downloads the export with the same filters', async () => {
    const { calls } = renderDashboard('/organisme/tableau-de-bord?statut=completed');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/organisation/dashboard/export')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/organisation/dashboard/export')!.url.search).toBe('?status=completed');
  });
});
