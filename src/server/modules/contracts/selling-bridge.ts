import type { Db, Executor } from '../../db/client';

/**
 * The two calls this module makes into the selling chain (invoices-face.md): the provider's
 * choice of when paid access opens, and the invoice of a due instalment. TEMPORARY until the
 * invoices branch is merged: then this file re-exports `sellingSettings` (modules/provider) and
 * `issueInvoice` (modules/invoices).
 */
export type PaidAccessOpening = 'after_withdrawal' | 'immediately_with_waiver';

export async function sellingSettings(_db: Executor | Db): Promise<{ paidAccessOpening: PaidAccessOpening }> {
  return { paidAccessOpening: 'after_withdrawal' };
}

export interface IssueInvoiceInput {
  buyer: { kind: 'user'; userId: number } | { kind: 'organisation'; organisationId: number };
  lines: { label: string; quantity: number; unitAmountCents: number }[];
  courseId: number | null;
  enrolmentId: number | null;
  source: { kind: 'instalment' | 'quote'; id: number };
  issuedAt?: Date;
  dueOn?: string | null;
}
export interface IssuedInvoice {
  id: number;
  number: string;
  totalCents: number;
  issuedAt: Date;
}

export async function issueInvoice(_tx: Executor, _input: IssueInvoiceInput): Promise<IssuedInvoice> {
  throw new Error('the invoices module is not merged yet');
}
