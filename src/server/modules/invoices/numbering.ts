import { sql } from 'drizzle-orm';
import { invoiceNumber } from '../../../shared/invoices';
import type { Executor } from '../../db/client';
import { invoiceCounters } from '../../db/schema';

/** The civil year of an instant in Paris, which the numbering counts by. */
export function parisYear(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(date));
}

/**
 * Takes the next number of a series and year, in the caller's transaction (decision 050). The
 * upsert locks the counter's row until the transaction ends: a concurrent issuance waits for it,
 * then counts from the committed value; a rollback undoes the increment, so no number is skipped.
 */
export async function takeNumber(tx: Executor, series: string, year: number): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.year], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return { sequence: row!.last, number: invoiceNumber(series, year, row!.last) };
}

/** Gives back the number just taken (the source was already invoiced): the row is still ours, locked. */
export async function giveBackNumber(tx: Executor, series: string, year: number): Promise<void> {
  await tx.execute(sql`update ${invoiceCounters} set last = last - 1 where series = ${series} and year = ${year}`);
}
