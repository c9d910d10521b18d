import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceMessages, type InvoiceSummary } from '../../../../shared/invoices';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import AdminInvoicesPage from './AdminInvoicesPage';
import MyInvoicesPage from './MyInvoicesPage';

afterEach(() => vi.unstubAllGlobals());

const invoice: InvoiceSummary = {
  id: 7,
  kind: 'invoice',
  number: '2026-000007',
  issued_at: '2026-11-02T10:00:00.000Z',
  due_on: '2026-12-02',
  buyer_name: 'Léa Martin',
  buyer_kind: 'user',
  course_title: 'Climat et entreprise',
  total_ht_cents: 30_000,
  vat_cents: 0,
  total_cents: 30_000,
  paid_cents: 0,
  credited_cents: 0,
  due_cents: 30_000,
  status: 'unpaid',
  vat_regime: 'exempt_261_4_4',
  credited_invoice_number: null,
  reason: null,
  source_kind: 'instalment',
};

describe('invoices pages', () => {
  it('« Mes factures » lists the learner’s invoices with their status and a PDF link', async () => {
    mockApi({ 'GET /api/user/invoices': { body: { invoices: [invoice] } } });
    renderRoutes('/mes-factures', { '/mes-factures': <MyInvoicesPage /> });
    const table = await screen.findByRole('table', { name: 'Mes factures et avoirs' });
    expect(within(table).getByText(/2026-000007/)).toBeInTheDocument();
    expect(within(table).getByText('À payer')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Télécharger la facture 2026-000007 en PDF' })).toBeInTheDocument();
  });

  it('records a payment from the administrators’ list, and shows the server’s French message under the field', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/admin/invoices': { body: { invoices: [invoice], total: 1, years: [2026] } },
      'POST /api/admin/invoices/7/payments': () =>
        ++attempts === 1
          ? { status: 422, body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { received_on: [invoiceMessages.receivedOnFuture] } } }
          : { body: { ...invoice, status: 'paid', paid_cents: 30_000, due_cents: 0 } },
    });
    renderRoutes('/admin/factures', { '/admin/factures': <AdminInvoicesPage /> });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer un paiement pour la facture 2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer un paiement' });
    expect(within(dialog).getByRole('textbox', { name: /Montant reçu/ })).toHaveValue('300,00');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(dialog).findByText(invoiceMessages.receivedOnFuture)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByRole('status')).toHaveTextContent('la facture 2026-000007 est payée');
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({ amount: '300,00' });
  });
});
