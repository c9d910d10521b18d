import { downloadFile } from '../../../lib/api-client';

/** `GET /api/quotes/{id}/pdf` and `GET /api/quotes/{id}/convention.pdf`, saved as files. */
export function downloadQuotePdf(quote: { id: number; number: string }): Promise<void> {
  return downloadFile(`/api/quotes/${quote.id}/pdf`, `devis-${quote.number}.pdf`);
}

export function downloadConventionPdf(quote: { id: number; convention_number: string | null; number: string }): Promise<void> {
  return downloadFile(`/api/quotes/${quote.id}/convention.pdf`, `convention-${quote.convention_number ?? quote.number}.pdf`);
}

/** `GET /api/invoices/{id}/pdf`: the invoice the acceptance issued (Factur-X for an organisation). */
export function downloadQuoteInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  return downloadFile(`/api/invoices/${invoice.id}/pdf`, `facture-${invoice.number}.pdf`);
}
