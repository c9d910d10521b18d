import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceNumber } from '../../../shared/invoices';
import type { Db } from '../../db/client';
import { openPostgres } from '../../db/postgres';
import { invoiceCounters, invoices } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { testEngine, testServerUrl } from '../../test/database';
import { createUser, setProviderSettings } from '../../test/factories';
import { issueCreditNote, issueInvoice } from './index';

const { db, storage, config } = await createTestApp();
await setProviderSettings({ db, storage });
const learner = await createUser(db);
let nextSource = 1;

function invoiceFor(sourceId = nextSource++) {
  return { buyer: { kind: 'user' as const, userId: learner.id }, lines: [{ label: 'Formation', quantity: 1, unitAmountCents: 10_000 }], courseId: null, enrolmentId: null, source: { kind: 'instalment' as const, id: sourceId } };
}

/** A second pool on the same database on PostgreSQL, as another API process would have; the same database on PGlite. */
async function secondProcess(): Promise<{ other: Db; close: () => Promise<void> }> {
  if (testEngine !== 'postgres') return { other: db, close: async () => {} };
  const result = await db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
  const second = await openPostgres(testServerUrl(name), config.dbTimeouts);
  return { other: second.db, close: () => second.close() };
}

async function sequences(year: number, series = 'F'): Promise<number[]> {
  const rows = await db.select({ sequence: invoices.sequence }).from(invoices).where(sql`${invoices.year} = ${year} and ${invoices.series} = ${series}`).orderBy(invoices.sequence);
  return rows.map((row) => row.sequence);
}

describe('invoice numbering (gap-free, chronological, per year)', () => {
  it('formats numbers per series', () => {
    expect(invoiceNumber('F', 2026, 42)).toBe('2026-000042');
    expect(invoiceNumber('AV', 2026, 3)).toBe('AV-2026-000003');
    expect(invoiceNumber('F', 2026, 1)).not.toBe('2026-1');
  });

  it('gives 1..n without a gap or a duplicate to concurrent issuances on separate connections, one of them rolled back', async () => {
    const { other, close } = await secondProcess();
    const issuedAt = new Date('2031-03-01T10:00:00Z');
    const attempts = Array.from({ length: 12 }, (_, index) =>
      (index % 2 === 0 ? db : other).transaction(async (tx) => {
        const invoice = await issueInvoice(tx, { ...invoiceFor(), issuedAt });
        // The sixth issuance fails after taking its number: its transaction rolls back.
        if (index === 5) throw new Error('échec voulu');
        return invoice;
      }),
    );
    const results = await Promise.allSettled(attempts);
    await close();
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    const numbers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.number] : []));
    expect(new Set(numbers).size).toBe(11);
    expect(await sequences(2031)).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
    expect(numbers.sort()).toEqual(Array.from({ length: 11 }, (_, index) => invoiceNumber('F', 2031, index + 1)));
  });

  it('leaves no hole when a transaction fails after taking a number', async () => {
    const issuedAt = new Date('2032-06-01T10:00:00Z');
    await db.transaction((tx) => issueInvoice(tx, { ...invoiceFor(), issuedAt }));
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, { ...invoiceFor(), issuedAt });
        throw new Error('échec voulu');
      }),
    ).rejects.toThrow('échec voulu');
    const next = await db.transaction((tx) => issueInvoice(tx, { ...invoiceFor(), issuedAt }));
    expect(next.number).toBe('2032-000002');
    expect(await sequences(2032)).toEqual([1, 2]);
  });

  it('restarts at 1 each civil year (Paris time) and keeps credit notes in their own series', async () => {
    // 31 December 23:30 UTC is already 1 January in Paris.
    const last = await issueInvoice(db, { ...invoiceFor(), issuedAt: new Date('2033-12-31T22:30:00Z') });
    const first = await issueInvoice(db, { ...invoiceFor(), issuedAt: new Date('2033-12-31T23:30:00Z') });
    expect(last.number).toBe('2033-000001');
    expect(first.number).toBe('2034-000001');
    const credit = await db.transaction((tx) => issueCreditNote(tx, { invoiceId: first.id, reason: 'Rétractation', issuedAt: new Date('2034-01-05T10:00:00Z') }));
    expect(credit.number).toBe('AV-2034-000001');
    expect(await sequences(2034)).toEqual([1]);
    const [counter] = await db.select().from(invoiceCounters).where(sql`${invoiceCounters.series} = 'AV' and ${invoiceCounters.year} = 2034`);
    expect(counter?.last).toBe(1);
  });

  it('returns the first invoice, and takes no number, when a source is invoiced twice', async () => {
    const issuedAt = new Date('2035-02-01T10:00:00Z');
    const source = nextSource++;
    const first = await issueInvoice(db, { ...invoiceFor(source), issuedAt });
    const again = await issueInvoice(db, { ...invoiceFor(source), issuedAt });
    expect(again).toEqual(first);
    const next = await issueInvoice(db, { ...invoiceFor(), issuedAt });
    expect(next.number).toBe('2035-000002');
  });
});
