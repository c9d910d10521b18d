import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceSource } from '../../../shared/billing';
import { CREDIT_NOTE_SERIES, DEFAULT_PAYMENT_DAYS, htFromTtc, INVOICE_SERIES, invoiceMessages, vatOn } from '../../../shared/invoices';
import { parisDay } from '../../../shared/paris-days';
import { formatEuros } from '../../../shared/french-format';
import type { Db, Executor } from '../../db/client';
import { courses, enrolments, invoiceLines, invoicePayments, invoices, organisations, users, type InvoiceBuyerSnapshot, type InvoiceSeller } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleManifest } from '../../lib/module-manifest';
import { sellerIdentity } from '../provider';
import { giveBackNumber, parisYear, takeNumber } from './numbering';

/** One line of an invoice, HT, in cents. */
export interface InvoiceLineInput {
  label: string;
  quantity: number;
  unitAmountCents: number;
}
export type InvoiceBuyer = { kind: 'user'; userId: number } | { kind: 'organisation'; organisationId: number };
export type { InvoiceSource } from '../../../shared/billing';

export interface IssueInvoiceInput {
  buyer: InvoiceBuyer;
  lines: InvoiceLineInput[];
  courseId: number | null;
  /** enrolments.id when the invoice bills one learner's training (BPF frame C reads it). */
  enrolmentId: number | null;
  /** What the invoice bills: (kind, id) is unique, so issuing twice for one source returns the first invoice. */
  source: InvoiceSource;
  /** Default: now. */
  issuedAt?: Date;
  /** 'YYYY-MM-DD'; default: 30 days after the issue. */
  dueOn?: string | null;
  /**
   * The lines' amounts are prices a consumer was shown, VAT included (a contrat de formation: prices
   * to individuals are TTC, C. consom. L112-1): the invoice's total is exactly their sum, its HT and
   * VAT taken out of it. Otherwise (quotes to organisations) the amounts are HT and VAT comes on top.
   */
  amountsIncludeVat?: boolean;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  totalCents: number;
  issuedAt: Date;
}

type InvoiceRow = typeof invoices.$inferSelect;

function issued(row: Pick<InvoiceRow, 'id' | 'number' | 'totalCents' | 'issuedAt'>): IssuedInvoice {
  return { id: row.id, number: row.number, totalCents: row.totalCents, issuedAt: row.issuedAt };
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function checkLines(lines: readonly InvoiceLineInput[]): void {
  if (lines.length === 0) throw AppError.validation({ lines: [invoiceMessages.noLines] }, invoiceMessages.noLines);
  for (const line of lines) {
    const valid = line.label.trim() !== '' && Number.isInteger(line.quantity) && line.quantity > 0 && Number.isInteger(line.unitAmountCents) && line.unitAmountCents >= 0;
    if (!valid) throw AppError.validation({ lines: [invoiceMessages.lineInvalid] }, invoiceMessages.lineInvalid);
  }
}

async function buyerSnapshot(tx: Executor, buyer: InvoiceBuyer): Promise<InvoiceBuyerSnapshot> {
  if (buyer.kind === 'organisation') {
    const [row] = await tx
      .select({ name: organisations.name, address: organisations.address, postalCode: organisations.postalCode, city: organisations.city, email: organisations.contactEmail, siret: organisations.siret })
      .from(organisations)
      .where(eq(organisations.userId, buyer.organisationId));
    if (!row) throw AppError.notFound(invoiceMessages.buyerNotFound);
    return row;
  }
  const [row] = await tx.select({ firstname: users.firstname, lastname: users.lastname, email: users.email, country: users.country }).from(users).where(eq(users.id, buyer.userId));
  if (!row) throw AppError.notFound(invoiceMessages.buyerNotFound);
  return { name: `${row.firstname} ${row.lastname}`, address: null, postalCode: null, city: row.country, email: row.email, siret: null };
}

async function serviceOf(tx: Executor, courseId: number | null, enrolmentId: number | null, issuedAt: Date): Promise<{ label: string | null; date: string }> {
  let label: string | null = null;
  if (courseId !== null) {
    const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
    label = course?.title ?? null;
  }
  // The training's date: the learner's enrolment when the invoice bills one, else the issue.
  if (enrolmentId !== null) {
    const [enrolment] = await tx.select({ createdAt: enrolments.createdAt }).from(enrolments).where(eq(enrolments.id, enrolmentId));
    if (enrolment) return { label, date: parisDay(enrolment.createdAt) };
  }
  return { label, date: parisDay(issuedAt) };
}

/**
 * Issues an invoice in the caller's transaction: the next gap-free number of its year, the seller
 * and buyer as they are now, the lines HT and the VAT of the provider's regime. Issuing again for
 * the same source returns the first invoice unchanged (and takes no number).
 */
export async function issueInvoice(tx: Executor, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  const [existing] = await tx.select().from(invoices).where(and(eq(invoices.kind, 'invoice'), eq(invoices.sourceKind, input.source.kind), eq(invoices.sourceId, input.source.id)));
  if (existing) return issued(existing);
  checkLines(input.lines);
  const seller = await sellerIdentity(tx);
  const sellerSnapshot: InvoiceSeller = {
    legalName: seller.legalName,
    siret: seller.siret,
    nda: seller.nda,
    address: seller.address,
    postalCode: seller.postalCode,
    city: seller.city,
    vatRegime: seller.vatRegime,
    iban: seller.iban,
    bic: seller.bic,
  };
  const buyer = await buyerSnapshot(tx, input.buyer);
  const issuedAt = input.issuedAt ?? new Date();
  const service = await serviceOf(tx, input.courseId, input.enrolmentId, issuedAt);
  const ht = (cents: number) => (input.amountsIncludeVat ? htFromTtc(cents, seller.vatRegime) : cents);
  const lines = input.lines.map((line, index) => ({ position: index + 1, label: line.label.trim(), quantity: line.quantity, unitAmountCents: ht(line.unitAmountCents), totalHtCents: ht(line.quantity * line.unitAmountCents) }));
  const totalHtCents = lines.reduce((sum, line) => sum + line.totalHtCents, 0);
  const vatCents = input.amountsIncludeVat ? input.lines.reduce((sum, line) => sum + line.quantity * line.unitAmountCents, 0) - totalHtCents : vatOn(totalHtCents, seller.vatRegime);
  const year = parisYear(issuedAt);
  const { sequence, number } = await takeNumber(tx, INVOICE_SERIES, year);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      number,
      series: INVOICE_SERIES,
      year,
      sequence,
      buyerUserId: input.buyer.kind === 'user' ? input.buyer.userId : null,
      buyerOrganisationId: input.buyer.kind === 'organisation' ? input.buyer.organisationId : null,
      seller: sellerSnapshot,
      buyer,
      courseId: input.courseId,
      enrolmentId: input.enrolmentId,
      sourceKind: input.source.kind,
      sourceId: input.source.id,
      serviceLabel: service.label,
      serviceDate: service.date,
      issuedAt,
      dueOn: input.dueOn ?? addDays(parisDay(issuedAt), DEFAULT_PAYMENT_DAYS),
      totalHtCents,
      vatCents,
      totalCents: totalHtCents + vatCents,
      status: totalHtCents + vatCents === 0 ? 'paid' : 'unpaid',
      paidAt: totalHtCents + vatCents === 0 ? issuedAt : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Another transaction invoiced this source meanwhile (it committed while we waited): its invoice stands.
    await giveBackNumber(tx, INVOICE_SERIES, year);
    const [first] = await tx.select().from(invoices).where(and(eq(invoices.kind, 'invoice'), eq(invoices.sourceKind, input.source.kind), eq(invoices.sourceId, input.source.id)));
    return issued(first!);
  }
  await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: row.id })));
  return issued(row);
}

/** What credit notes already cancel of an invoice, in cents TTC. */
export async function creditedCents(tx: Executor, invoiceId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.creditedInvoiceId, invoiceId)));
  return Number(row?.total ?? 0);
}

/** What payments already settle of an invoice, in cents. */
export async function paidCents(tx: Executor, invoiceId: number): Promise<number> {
  const [row] = await tx.select({ total: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` }).from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
  return Number(row?.total ?? 0);
}

/** The invoice, locked until the transaction ends (payments and credit notes on one invoice queue up). */
export async function lockInvoice(tx: Executor, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) throw AppError.notFound(invoiceMessages.notFound);
  return row;
}

/** The status an invoice has after its payments and credit notes. */
export function settledStatus(totalCents: number, paid: number, credited: number): 'unpaid' | 'partially_paid' | 'paid' | 'cancelled' {
  const due = totalCents - credited;
  if (due <= 0 && paid === 0) return 'cancelled';
  if (paid >= due) return 'paid';
  return paid > 0 ? 'partially_paid' : 'unpaid';
}

/**
 * Issues a credit note (avoir) cancelling all or part (`amountCents`, TTC) of an invoice, in the
 * caller's transaction, numbered in its own gap-free series. Never more than what is left to credit.
 */
export async function issueCreditNote(tx: Executor, input: { invoiceId: number; reason: string; amountCents?: number; issuedAt?: Date }): Promise<IssuedInvoice> {
  const invoice = await lockInvoice(tx, input.invoiceId);
  if (invoice.kind !== 'invoice') throw new AppError('invalid_transition', 409, invoiceMessages.creditOfCreditNote);
  const reason = input.reason.trim();
  if (!reason) throw AppError.validation({ reason: [invoiceMessages.reasonRequired] }, invoiceMessages.reasonRequired);
  const credited = await creditedCents(tx, invoice.id);
  const remaining = invoice.totalCents - credited;
  if (remaining <= 0) throw new AppError('invalid_transition', 409, invoiceMessages.nothingToCredit);
  const amount = input.amountCents ?? remaining;
  if (!Number.isInteger(amount) || amount <= 0) throw AppError.validation({ amount: [invoiceMessages.amountInvalid] }, invoiceMessages.amountInvalid);
  if (amount > remaining) {
    const message = invoiceMessages.creditTooLarge(formatEuros(remaining / 100));
    throw AppError.validation({ amount: [message] }, message);
  }
  const regime = invoice.seller.vatRegime;
  const totalHtCents = amount === invoice.totalCents ? invoice.totalHtCents : htFromTtc(amount, regime);
  const vatCents = amount - totalHtCents;
  const issuedAt = input.issuedAt ?? new Date();
  const year = parisYear(issuedAt);
  const { sequence, number } = await takeNumber(tx, CREDIT_NOTE_SERIES, year);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      number,
      series: CREDIT_NOTE_SERIES,
      year,
      sequence,
      buyerUserId: invoice.buyerUserId,
      buyerOrganisationId: invoice.buyerOrganisationId,
      seller: invoice.seller,
      buyer: invoice.buyer,
      courseId: invoice.courseId,
      enrolmentId: invoice.enrolmentId,
      creditedInvoiceId: invoice.id,
      reason,
      serviceLabel: invoice.serviceLabel,
      serviceDate: invoice.serviceDate,
      issuedAt,
      dueOn: null,
      totalHtCents,
      vatCents,
      totalCents: amount,
      status: 'issued',
    })
    .returning();
  await tx.insert(invoiceLines).values({ invoiceId: row!.id, position: 1, label: `Avoir sur la facture n° ${invoice.number} : ${reason}`, quantity: 1, unitAmountCents: totalHtCents, totalHtCents });
  const paid = await paidCents(tx, invoice.id);
  const status = settledStatus(invoice.totalCents, paid, credited + amount);
  if (status !== invoice.status) await tx.update(invoices).set({ status }).where(eq(invoices.id, invoice.id));
  return issued(row!);
}

/**
 * `POST /api/admin/invoices/{id}/payments`: records a payment received (a bank transfer) in one
 * transaction. Refuses a credit note, a settled invoice, a future date or one before the invoice,
 * and more than what remains due. When the payments reach what is due, the invoice is paid and
 * every module's `invoicePaid` hook runs in the same transaction.
 */
export async function recordPayment(
  db: Db,
  modules: readonly ModuleManifest[],
  input: { invoiceId: number; amountCents: number; receivedOn: string; recordedBy: number | null; method?: 'transfer' | 'card'; reference?: string; now?: Date },
): Promise<{ invoiceId: number; status: string; recorded?: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, input.invoiceId);
    // A processor's payment (its reference) is recorded once: a repeated notice changes nothing (decision 054).
    if (input.reference !== undefined) {
      const [known] = await tx.select({ id: invoicePayments.id }).from(invoicePayments).where(eq(invoicePayments.reference, input.reference));
      if (known) return { invoiceId: invoice.id, status: invoice.status, recorded: false };
    }
    if (invoice.kind !== 'invoice') throw new AppError('invalid_transition', 409, invoiceMessages.creditNoteNotPayable);
    if (invoice.status === 'paid' || invoice.status === 'cancelled') throw new AppError('invalid_transition', 409, invoiceMessages.notPayable);
    if (input.receivedOn > parisDay(now)) throw AppError.validation({ received_on: [invoiceMessages.receivedOnFuture] }, invoiceMessages.receivedOnFuture);
    if (input.receivedOn < parisDay(invoice.issuedAt)) throw AppError.validation({ received_on: [invoiceMessages.receivedOnBeforeIssue] }, invoiceMessages.receivedOnBeforeIssue);
    const credited = await creditedCents(tx, invoice.id);
    const paid = await paidCents(tx, invoice.id);
    const due = invoice.totalCents - credited - paid;
    if (input.amountCents > due) {
      const message = invoiceMessages.overpayment(formatEuros(due / 100));
      throw AppError.validation({ amount: [message] }, message);
    }
    await tx.insert(invoicePayments).values({ invoiceId: invoice.id, amountCents: input.amountCents, receivedOn: input.receivedOn, method: input.method ?? 'transfer', recordedBy: input.recordedBy, reference: input.reference ?? null });
    const status = settledStatus(invoice.totalCents, paid + input.amountCents, credited);
    await tx.update(invoices).set({ status, paidAt: status === 'paid' ? now : null }).where(eq(invoices.id, invoice.id));
    if (status === 'paid') {
      const event = { invoiceId: invoice.id, source: { kind: invoice.sourceKind!, id: invoice.sourceId! }, paidAt: now };
      for (const module of modules) if (module.invoicePaid) await module.invoicePaid(tx, event);
    }
    return { invoiceId: invoice.id, status, recorded: true };
  });
}
