import { eq, or } from 'drizzle-orm';
import { invoicePayments, invoices } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { invoicesRoutes } from './invoices.routes';

export {
  issueCreditNote,
  issueInvoice,
  recordPayment,
  type InvoiceBuyer,
  type InvoiceLineInput,
  type InvoiceSource,
  type IssuedInvoice,
  type IssueInvoiceInput,
} from './invoices.service';
export { invoiceMentions, type InvoiceMentions } from './invoice-document';

/** Invoices and credit notes (issue 29, decision 050): gap-free numbering, legal mentions, payments, Factur-X. */
export const invoicesModule: ModuleManifest = {
  name: 'invoices',
  routes: [invoicesRoutes],
  personalData: [
    // Invoices are kept ten years (C. com. L123-22): the account's deletion unlinks them, the buyer's name stays on them.
    { column: invoices.buyerUserId, exportedAs: 'invoices', onAccountDeletion: 'set null' },
    { column: invoices.buyerOrganisationId, exportedAs: 'invoices', onAccountDeletion: 'set null' },
    { column: invoicePayments.recordedBy, exportedAs: { notExported: 'l’administrateur qui a enregistré un paiement reçu : une trace comptable, pas une donnée de son compte' }, onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    const rows = await db
      .select({ number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt, totalCents: invoices.totalCents, status: invoices.status, serviceLabel: invoices.serviceLabel })
      .from(invoices)
      .where(or(eq(invoices.buyerUserId, user.id), eq(invoices.buyerOrganisationId, user.id)))
      .orderBy(invoices.issuedAt);
    return {
      invoices: rows.map((row) => ({ number: row.number, kind: row.kind, issued_at: row.issuedAt.toISOString(), service: row.serviceLabel, total_cents: row.totalCents, status: row.status })),
    };
  },
};
