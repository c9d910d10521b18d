import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteMessages, type Quote } from '../../../../shared/quotes';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import OrganisationQuotesPage from './OrganisationQuotesPage';

const course = { id: 7, title: 'Eau et sobriété', description: 'd', category: { slug: 'rse', name: 'RSE' }, duration: '1 mois', lesson_minutes: 30, price: 40, discountPrice: null, image: null, user: { id: 2, name: 'Claire', avatar: null }, status: 'published', created_at: '2026-01-01T00:00:00Z', rating: null };

const pending: Quote = {
  id: 11,
  number: 'DEV-2026-000011',
  status: 'pending',
  organisation: { id: 3, name: 'Asso Verte' },
  course: { id: 7, title: 'Eau et sobriété' },
  seats: 2,
  unit_price_cents: 4000,
  total_cents: 8000,
  created_at: '2026-03-10T09:00:00Z',
  valid_until: '2026-04-09T09:00:00Z',
  accepted_at: null,
  convention_number: null,
  invoice: null,
};
const accepted: Quote = { ...pending, status: 'accepted', accepted_at: '2026-03-11T09:00:00Z', convention_number: 'CF-2026-000011', invoice: { id: 5, number: '2026-000005' } };

beforeEach(() => useSession.getState().setSession('jeton', { id: 3, role: 'organisme', email: 'rh@asso.fr', firstname: 'O', lastname: 'C', isApproved: true, hasMeeting: false }));
afterEach(() => vi.unstubAllGlobals());

/** French messages keep their no-break spaces (before « : », inside « »): compared as written. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

function renderPage(extra: Parameters<typeof mockApi>[0] = {}, entry = '/organisme/devis') {
  const api = mockApi({ 'GET /api/organisation/quotes': { body: { items: [pending] } }, 'GET /api/courses': { body: { items: [course], total: 1, page: 1, pageSize: 20 } }, ...extra });
  renderRoutes(entry, { '/organisme/devis': <OrganisationQuotesPage />, '*': <Arrival /> });
  return api;
}

describe('OrganisationQuotesPage', () => {
  it('asks a quote for a course and a number of seats, showing the price before sending', async () => {
    const { calls } = renderPage({ 'POST /api/organisation/quotes': { status: 201, body: pending } });
    const user = userEvent.setup({ delay: null });
    const form = screen.getByRole('form', { name: 'Demander un devis' });
    const select = within(form).getByRole('combobox', { name: /^Formation/ });
    await within(select).findByRole('option', { name: 'Eau et sobriété' });
    await user.selectOptions(select, '7');
    await user.clear(within(form).getByLabelText(/Nombre de places/));
    await user.type(within(form).getByLabelText(/Nombre de places/), '2');
    expect(within(form).getByRole('status')).toHaveTextContent(/2 places × 40,00\s€ = 80,00\s€ HT/);
    await user.click(within(form).getByRole('button', { name: 'Demander le devis' }));
    expect(await screen.findByText(/Devis DEV-2026-000011 établi/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ course_id: 7, seats: 2 });
  });

  it('refuses 0 seats in the form with the server’s French message', async () => {
    const { calls } = renderPage();
    const user = userEvent.setup({ delay: null });
    const form = screen.getByRole('form', { name: 'Demander un devis' });
    await within(within(form).getByRole('combobox', { name: /^Formation/ })).findByRole('option', { name: 'Eau et sobriété' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Formation/ }), '7');
    await user.clear(within(form).getByLabelText(/Nombre de places/));
    await user.type(within(form).getByLabelText(/Nombre de places/), '0');
    await user.click(within(form).getByRole('button', { name: 'Demander le devis' }));
    expect(await within(form).findByText(quoteMessages.seatsInvalid, exact)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('accepts a pending quote after a confirmation, then offers its convention', async () => {
    let done = false;
    const { calls } = renderPage({
      'GET /api/organisation/quotes': () => ({ body: { items: [done ? accepted : pending] } }),
      'POST /api/quotes/11/accept': () => {
        done = true;
        return { body: { quote: accepted, seats: { course_id: 7, seats: 2, used: 0 } } };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Accepter le devis DEV-2026-000011' }));
    const dialog = screen.getByRole('dialog', { name: /Accepter le devis DEV-2026-000011/ });
    expect(dialog).toHaveTextContent('2 places');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et signer la convention' }));
    expect(await screen.findByText(/Devis DEV-2026-000011 accepté/)).toHaveTextContent('2 places disponibles');
    expect(await screen.findByRole('button', { name: 'Convention CF-2026-000011 (PDF)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accepter le devis DEV-2026-000011' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an expired quote in the dialog', async () => {
    renderPage({ 'POST /api/quotes/11/accept': { status: 409, body: { error_code: 'invalid_transition', message: quoteMessages.expired } } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Accepter le devis DEV-2026-000011' }));
    const dialog = screen.getByRole('dialog', { name: /Accepter le devis/ });
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et signer la convention' }));
    expect(await within(dialog).findByText(quoteMessages.expired, exact)).toBeInTheDocument();
  });
});
