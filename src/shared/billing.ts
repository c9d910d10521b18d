/**
 * Selling (issue 29): what several server modules and the web share about invoices without
 * importing each other. The manifests' `invoicePaid` hook names an invoice's source with it.
 */

/** What an invoice bills: an instalment of a learner's contract, or an organisation's accepted quote. */
export const invoiceSourceKinds = ['instalment', 'quote'] as const;
export type InvoiceSourceKind = (typeof invoiceSourceKinds)[number];
export type InvoiceSource = { kind: InvoiceSourceKind; id: number };

/** When a paid course opens to a learner who signed a contract (provider settings). */
export const paidAccessOpenings = ['after_withdrawal', 'immediately_with_waiver'] as const;
export type PaidAccessOpening = (typeof paidAccessOpenings)[number];
export const paidAccessOpeningLabels: Record<PaidAccessOpening, string> = {
  after_withdrawal: 'À la fin du délai de rétractation',
  immediately_with_waiver: 'Immédiatement, si le stagiaire renonce expressément à son délai de rétractation',
};
