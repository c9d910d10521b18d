import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardDeclineReasons, type MyContract } from '../../../../shared/contracts';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import MyContractsPage from './MyContractsPage';

afterEach(() => vi.unstubAllGlobals());

const contract: MyContract = {
  id: 4,
  course_id: 9,
  course_title: 'Compostage partagé',
  enrolment_id: 12,
  price_cents: 12_000,
  signed_at: '2026-11-02T10:00:00.000Z',
  withdrawal_until: '2026-11-16',
  access_from: '2026-11-16T23:00:00.000Z',
  waiver: false,
  withdrawn_at: null,
  can_withdraw: false,
  sha256: 'a'.repeat(64),
  schedule: [{ id: 1, label: 'Première échéance', amount_cents: 3600, due: { on: '2026-11-17' }, status: 'invoiced', invoice_id: 3, paid_at: null, charge_error: null }],
  card_needed: false,
};

describe('« Mes contrats » and card payments (decision 054)', () => {
  it('offers « Enregistrer ma carte » while no card is saved, and leaves for Stripe’s page', async () => {
    const user = userEvent.setup({ delay: null });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = mockApi({
      'GET /api/user/contracts': { body: { items: [{ ...contract, card_needed: true }] } },
      'POST /api/contracts/4/card-setup': { status: 201, body: { checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1' } },
    });
    renderRoutes('/user/contrats', { '/user/contrats': <MyContractsPage /> });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer ma carte' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/contracts/4/card-setup')).toBe(true);
  });

  it('names a failed charge and says nothing is suspended; no button once a card is saved and nothing failed', async () => {
    mockApi({
      'GET /api/user/contracts': {
        body: { items: [{ ...contract, id: 5, card_needed: true, schedule: [{ ...contract.schedule[0]!, charge_error: cardDeclineReasons.insufficient_funds }] }, { ...contract, course_title: 'Énergie citoyenne' }] },
      },
    });
    renderRoutes('/user/contrats', { '/user/contrats': <MyContractsPage /> });
    expect(await screen.findByText(/a échoué \(provision insuffisante\)/)).toHaveTextContent('n’est pas suspendu');
    expect(screen.getAllByRole('button', { name: 'Enregistrer ma carte' })).toHaveLength(1);
  });
});
