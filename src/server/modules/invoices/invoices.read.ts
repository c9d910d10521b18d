import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toCsv } from '../../../shared/csv';
import { formatShortDate } from '../../../shared/french-format';
import { invoiceKindLabels, invoiceMessages, invoiceStatusLabels, type AdminInvoices, type AdminInvoicesQuery, type InvoiceSummary } from '../../../shared/invoices';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Executor } from '../../db/client';
import { courses, invoiceLines, invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-document';
import { toFacturX } from './factur-x';

const credited = alias(invoices, 'credited');

/** Sums per invoice, in one query with the rows: payments received and credit notes issued. */
const paidSql = sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from invoice_payments p where p.invoice_id = ${invoices.id})`;
const creditedSql = sql<number>`(select coalesce(sum(c.total_cents), 0)::int from invoices c where c.kind = 'credit_note' and c.credited_invoice_id = ${invoices.id})`;

async function summaries(db: Executor, where: SQL | undefined): Promise<InvoiceSummary[]> {
  const rows = await db
    .select({ invoice: invoices, courseTitle: courses.title, creditedNumber: credited.number, paid: paidSql, creditedCents: creditedSql })
    .from(invoices)
    .leftJoin(courses, eq(courses.id, invoices.courseId))
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map(({ invoice, courseTitle, creditedNumber, paid, creditedCents }) => {
    const paidCents = Number(paid);
    const creditedTotal = Number(creditedCents);
    return {
      id: invoice.id,
      kind: invoice.kind,
      number: invoice.number,
      issued_at: invoice.issuedAt.toISOString(),
      due_on: invoice.dueOn,
      buyer_name: invoice.buyer.name,
      buyer_kind: invoice.buyer.siret !== null || invoice.buyerOrganisationId !== null ? 'organisation' : 'user',
      course_title: courseTitle ?? invoice.serviceLabel,
      total_ht_cents: invoice.totalHtCents,
      vat_cents: invoice.vatCents,
      total_cents: invoice.totalCents,
      paid_cents: paidCents,
      credited_cents: creditedTotal,
      due_cents: invoice.kind === 'invoice' ? Math.max(0, invoice.totalCents - creditedTotal - paidCents) : 0,
      status: invoice.status,
      vat_regime: invoice.seller.vatRegime,
      credited_invoice_number: creditedNumber,
      reason: invoice.reason,
      source_kind: invoice.sourceKind,
    };
  });
}

/** `GET /api/user/invoices`: the caller's own invoices and credit notes, newest first. */
export function userInvoices(db: Executor, userId: number): Promise<InvoiceSummary[]> {
  return summaries(db, eq(invoices.buyerUserId, userId));
}

/** `GET /api/organisation/invoices`: the calling organisation's. */
export function organisationInvoices(db: Executor, organisationId: number): Promise<InvoiceSummary[]> {
  return summaries(db, eq(invoices.buyerOrganisationId, organisationId));
}

/** `GET /api/admin/invoices`: every invoice, by year of issue and status. */
export async function adminInvoices(db: Executor, query: AdminInvoicesQuery): Promise<AdminInvoices> {
  const conditions = [query.year ? eq(invoices.year, query.year) : undefined, query.status ? eq(invoices.status, query.status) : undefined].filter(Boolean) as SQL[];
  const list = await summaries(db, conditions.length ? and(...conditions) : undefined);
  const years = await db.selectDistinct({ year: invoices.year }).from(invoices).orderBy(desc(invoices.year));
  return { invoices: list, total: list.length, years: years.map((row) => row.year) };
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The administrators' list as CSV (the accountant's journal of sales). */
export function invoicesCsv(list: AdminInvoices): string {
  return toCsv(
    ['Numéro', 'Type', 'Date', 'Client', 'Formation', 'Total HT (€)', 'TVA (€)', 'Total TTC (€)', 'Payé (€)', 'Avoirs (€)', 'Reste dû (€)', 'Statut', 'Échéance', 'Facture annulée'],
    list.invoices.map((row) => [
      row.number,
      invoiceKindLabels[row.kind],
      formatShortDate(row.issued_at),
      row.buyer_name,
      row.course_title,
      euros(row.total_ht_cents),
      euros(row.vat_cents),
      euros(row.total_cents),
      euros(row.paid_cents),
      euros(row.credited_cents),
      euros(row.due_cents),
      invoiceStatusLabels[row.status],
      row.due_on ? formatShortDate(`${row.due_on}T12:00:00Z`) : '',
      row.credited_invoice_number,
    ]),
  );
}

/** The buyer, the organisation billed, or an administrator: anyone else gets 404 (the invoice's existence stays private). */
export function canReadInvoice(actor: Actor, invoice: Pick<typeof invoices.$inferSelect, 'buyerUserId' | 'buyerOrganisationId'>): boolean {
  return isAdmin(actor) || invoice.buyerUserId === actor.id || invoice.buyerOrganisationId === actor.id;
}

/** `GET /api/invoices/{id}/pdf`: the invoice's PDF, Factur-X (PDF/A-3 with its CII XML) when billed to an organisation. */
export async function invoicePdf(db: Executor, actor: Actor, invoiceId: number): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await db.select({ invoice: invoices, creditedNumber: credited.number }).from(invoices).leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId)).where(eq(invoices.id, invoiceId));
  if (!row || !canReadInvoice(actor, row.invoice)) throw AppError.notFound(invoiceMessages.notFound);
  const { invoice } = row;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).orderBy(asc(invoiceLines.position));
  const document: InvoiceDocument = {
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    dueOn: invoice.dueOn,
    serviceDate: invoice.serviceDate,
    serviceLabel: invoice.serviceLabel,
    buyer: invoice.buyer,
    lines,
    totalHtCents: invoice.totalHtCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    creditedInvoiceNumber: row.creditedNumber,
    reason: invoice.reason,
  };
  const pdf = await renderInvoicePdf(invoice.seller, document);
  const fileName = `${invoice.kind === 'invoice' ? 'facture' : 'avoir'}-${invoice.number}.pdf`;
  // Organisations receive structured e-invoices (Factur-X), required between companies from September 2026.
  if (invoice.buyer.siret !== null) return { pdf: await toFacturX(invoice.seller, document, pdf, null), fileName };
  return { pdf, fileName };
}

/** One invoice's summary, as the administrators' list shows it. */
export async function invoiceSummary(db: Executor, invoiceId: number): Promise<InvoiceSummary> {
  const [summary] = await summaries(db, eq(invoices.id, invoiceId));
  if (!summary) throw AppError.notFound(invoiceMessages.notFound);
  return summary;
}
