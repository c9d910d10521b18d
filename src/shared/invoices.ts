import { z } from 'zod';
import { invoiceSourceKinds } from './billing';
import { eurosToCents } from './course-rules';
import { isCalendarDay } from './paris-days';
import { vatRegimes, type VatRegime } from './provider';

/**
 * Invoices and credit notes (issue 29, decision 050): gap-free yearly numbers, the legal mentions,
 * payments recorded by an administrator, never an edited invoice.
 */

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const invoiceStatuses = ['issued', 'unpaid', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
/** What the administrators' filter offers (credit notes are `issued`). */
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  issued: 'Avoir émis',
  unpaid: 'À payer',
  partially_paid: 'Payée en partie',
  paid: 'Payée',
  cancelled: 'Annulée par avoir',
};
export const invoiceKindLabels: Record<InvoiceKind, string> = { invoice: 'Facture', credit_note: 'Avoir' };

/** Series of the numbering: invoices "2026-000042", credit notes "AV-2026-000003". */
export const INVOICE_SERIES = 'F';
export const CREDIT_NOTE_SERIES = 'AV';
/** Standard VAT rate, in percent (CGI art. 278). */
export const STANDARD_VAT_RATE = 20;
/** Late-payment penalties: three times the legal interest rate at least (C. com. L441-10); we print this rate. */
export const LATE_PAYMENT_RATE_TEXT = 'trois fois le taux d’intérêt légal';
/** The fixed recovery indemnity owed by a professional buyer paying late (C. com. L441-10, D441-5). */
export const RECOVERY_INDEMNITY_EUROS = 40;
/** Days to pay when the caller gives no due date. */
export const DEFAULT_PAYMENT_DAYS = 30;
export const CREDIT_NOTE_REASON_MAX = 500;

/** The invoice number for a series, a year and a sequence. */
export function invoiceNumber(series: string, year: number, sequence: number): string {
  const body = `${year}-${String(sequence).padStart(6, '0')}`;
  return series === INVOICE_SERIES ? body : `${series}-${body}`;
}

/** VAT on an amount HT under a regime: 20 % (rounded to the cent) under `standard`, nothing otherwise. */
export function vatOn(totalHtCents: number, regime: VatRegime): number {
  return regime === 'standard' ? Math.round((totalHtCents * STANDARD_VAT_RATE) / 100) : 0;
}

/** The amount HT inside an amount TTC under a regime (a credit note given TTC). */
export function htFromTtc(totalCents: number, regime: VatRegime): number {
  return regime === 'standard' ? Math.round((totalCents * 100) / (100 + STANDARD_VAT_RATE)) : totalCents;
}

/** The VAT mention a regime requires on an invoice (CGI 261-4-4° a, 293 B), or the rate applied. */
export function vatMention(regime: VatRegime): string {
  switch (regime) {
    case 'exempt_261_4_4':
      return 'Exonération de TVA, art. 261-4-4° a du CGI';
    case 'franchise_293b':
      return 'TVA non applicable, art. 293 B du CGI';
    case 'standard':
      return `TVA au taux normal de ${STANDARD_VAT_RATE} %`;
  }
}

export const invoiceMessages = {
  notFound: 'Cette facture n’existe pas.',
  amountRequired: 'Indiquez le montant reçu.',
  amountInvalid: 'Le montant doit être un nombre positif en euros, par exemple 120 ou 120,50.',
  amountDecimals: 'Le montant ne peut pas avoir plus de deux décimales.',
  overpayment: (dueEuros: string) => `Ce paiement dépasse ce qui reste à payer sur la facture (${dueEuros}).`,
  receivedOnRequired: 'Indiquez la date de réception du paiement.',
  receivedOnInvalid: 'La date de réception doit être une date valide (AAAA-MM-JJ).',
  receivedOnFuture: 'La date de réception ne peut pas être dans le futur.',
  receivedOnBeforeIssue: 'La date de réception ne peut pas précéder la date de la facture.',
  notPayable: 'Cette facture ne peut plus recevoir de paiement : elle est déjà payée ou annulée.',
  creditNoteNotPayable: 'Un avoir ne reçoit pas de paiement.',
  reasonRequired: 'Indiquez le motif de l’avoir.',
  reasonTooLong: `Le motif ne peut pas dépasser ${CREDIT_NOTE_REASON_MAX} caractères.`,
  creditTooLarge: (remainingEuros: string) => `L’avoir ne peut pas dépasser ce qui reste à créditer sur la facture (${remainingEuros}).`,
  creditOfCreditNote: 'Un avoir ne peut pas être lui-même annulé par un avoir.',
  nothingToCredit: 'Cette facture est déjà entièrement annulée par des avoirs.',
  noLines: 'Une facture a au moins une ligne.',
  lineInvalid: 'Chaque ligne de facture a un libellé, une quantité entière positive et un montant unitaire positif en centimes.',
  buyerNotFound: 'Le destinataire de la facture n’existe pas.',
  paymentRecorded: 'Le paiement est enregistré.',
  creditNoteIssued: 'L’avoir est émis.',
} as const;

const amountSchema = z.string({ error: invoiceMessages.amountRequired }).transform((text, ctx): number => {
  const trimmed = text.trim();
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', message: invoiceMessages.amountRequired });
    return z.NEVER;
  }
  const cents = eurosToCents(trimmed);
  if (cents === 'decimals') {
    ctx.addIssue({ code: 'custom', message: invoiceMessages.amountDecimals });
    return z.NEVER;
  }
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: invoiceMessages.amountInvalid });
    return z.NEVER;
  }
  return cents;
});

/** `POST /api/admin/invoices/{id}/payments`: the amount in euros as typed ("120,50"), the day it arrived. */
export const paymentBodySchema = z.object({
  amount: amountSchema,
  received_on: z
    .string({ error: invoiceMessages.receivedOnRequired })
    .trim()
    .min(1, { error: invoiceMessages.receivedOnRequired })
    .refine(isCalendarDay, { error: invoiceMessages.receivedOnInvalid }),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

/** `POST /api/admin/invoices/{id}/credit-notes`: the reason, and the amount TTC in euros (empty: all that remains). */
export const creditNoteBodySchema = z.object({
  reason: z
    .string({ error: invoiceMessages.reasonRequired })
    .trim()
    .min(1, { error: invoiceMessages.reasonRequired })
    .max(CREDIT_NOTE_REASON_MAX, { error: invoiceMessages.reasonTooLong }),
  amount: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null || !value.trim() ? undefined : value))
    .pipe(amountSchema.optional()),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const invoiceLineSchema = z.object({ label: z.string(), quantity: z.number().int(), unit_amount_cents: z.number().int(), total_ht_cents: z.number().int() });

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  issued_at: z.string(),
  due_on: z.string().nullable(),
  buyer_name: z.string(),
  buyer_kind: z.enum(['user', 'organisation']),
  course_title: z.string().nullable(),
  total_ht_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  credited_cents: z.number().int(),
  /** What is still to pay: total − credit notes − payments (0 for a credit note). */
  due_cents: z.number().int(),
  status: z.enum(invoiceStatuses),
  vat_regime: z.enum(vatRegimes),
  /** The invoice a credit note cancels. */
  credited_invoice_number: z.string().nullable(),
  reason: z.string().nullable(),
  source_kind: z.enum(invoiceSourceKinds).nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const adminInvoicesQuerySchema = z.object({
  year: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(2000).max(2999).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(invoiceStatuses).optional()),
});
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuerySchema>;

export const adminInvoicesSchema = z.object({ invoices: z.array(invoiceSummarySchema), total: z.number().int(), years: z.array(z.number().int()) });
export type AdminInvoices = z.infer<typeof adminInvoicesSchema>;

export const issuedInvoiceSchema = z.object({ id: z.number().int(), number: z.string(), total_cents: z.number().int(), issued_at: z.string() });
