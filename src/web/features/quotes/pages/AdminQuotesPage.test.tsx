import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../../shared/quotes';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import AdminQuotesPage from './AdminQuotesPage';

const quote: Quote = {
  id: 4,
  number: 'DEV-2026-000004',
  status: 'accepted',
  organisation: { id: 3, name: 'Régie des Eaux' },
  course: { id: 7, title: 'Sobriété hydrique' },
  seats: 3,
  unit_price_cents: 5000,
  total_cents: 15000,
  created_at: '2026-03-10T09:00:00Z',
  valid_until: '2026-04-09T09:00:00Z',
  accepted_at: '2026-03-11T09:00:00Z',
  convention_number: 'CF-2026-000004',
  invoice: { id: 9, number: '2026-000009' },
};

beforeEach(() => useSession.getState().setSession('jeton', { id: 1, role: 'admin', email: 'admin@exemple.fr', firstname: 'A', lastname: 'D', isApproved: true, hasMeeting: false }));
afterEach(() => vi.unstubAllGlobals());

describe('AdminQuotesPage', () => {
  it('lists every organisation’s quotes with their PDFs, and sends the status filter', async () => {
    const { calls } = mockApi({ 'GET /api/admin/quotes': { body: { items: [quote], total: 1, page: 1, pageSize: 20 } } });
    renderRoutes('/admin/devis', { '/admin/devis': <AdminQuotesPage />, '*': <Arrival /> });
    const card = await screen.findByRole('article', { name: 'Devis DEV-2026-000004' });
    expect(card).toHaveTextContent('Régie des Eaux');
    expect(within(card).getByRole('button', { name: 'Convention CF-2026-000004 (PDF)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Facture 2026-000009 (PDF)' })).toBeInTheDocument();
    // An administrator reads, never accepts for an organisation.
    expect(within(card).queryByRole('button', { name: /^Accepter/ })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'accepted');
    await vi.waitFor(() => expect(calls.some((c) => c.url.searchParams.get('status') === 'accepted')).toBe(true));
  });
});
