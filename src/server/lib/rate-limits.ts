import { lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/**
 * Rate limits counted in the database, so every API process sees the same counts (decision 012).
 * An attempt is counted before the work it guards (an argon2 verify or hash): the single
 * `insert … on conflict do update … returning` locks the counter's row, so N concurrent attempts
 * read N distinct counts and at most `limit` of them go on, whatever the interleaving.
 */

/** Counter keys: one namespace per limit. */
export const rateKeys = {
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginEmail: (email: string) => `login:email:${email}`,
  signupAddress: (ip: string) => `signup:ip:${ip}`,
  forgotAddress: (ip: string) => `forgot:ip:${ip}`,
  forgotEmail: (email: string) => `forgot:email:${email}`,
  /** "Renvoyer l'e-mail" of the confirmation banner, per account. */
  confirmResend: (userId: number) => `confirm:user:${userId}`,
  /** E-mail change requests and data exports, per account. */
  emailChange: (userId: number) => `email-change:user:${userId}`,
  dataExport: (userId: number) => `export:user:${userId}`,
  /** Messages sent, per account, over every conversation. */
  messages: (userId: number) => `messages:user:${userId}`,
  /** Complaints filed (issue 27): a visitor's per address, a signed-in person's per account. */
  complaintAddress: (ip: string) => `complaint:ip:${ip}`,
  complaintUser: (userId: number) => `complaint:user:${userId}`,
};

/**
 * The upsert counting one hit on `key` (a fixed window of `windowSeconds` started by the first
 * hit), returning `hits`. `source` replaces the VALUES row, e.g. to count only when another
 * counter is under its limit. Window lengths are our constants, never user input.
 */
export function hitStatement(key: string | Placeholder, windowSeconds: number, source?: SQL): SQL {
  const expired = sql.raw(`c.window_start <= now() - interval '${Math.trunc(windowSeconds)} seconds'`);
  return sql`insert into ${rateLimitCounters} as c (key, hits, window_start)
    ${source ?? sql`values (${key}, 1, now())`}
    on conflict (key) do update set
      hits = case when ${expired} then 1 else c.hits + 1 end,
      window_start = case when ${expired} then now() else c.window_start end
    returning c.hits`;
}

/** Counts one attempt on `key` and answers how many the current window holds, this one included. */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ hits: number }>(hitStatement(key, windowSeconds));
  return Number((result as unknown as { rows: Array<{ hits: number }> }).rows[0]!.hits);
}

/**
 * An attempt that turned out right, as a statement to put in a CTE: forgets the `clear` counter
 * (e.g. the e-mail's failures) and gives the attempt back to the `refund` counter (e.g. the address's).
 */
export function forgiveHitStatements(clear: string | Placeholder, refund: string | Placeholder): SQL {
  return sql`cleared as (delete from ${rateLimitCounters} where key = ${clear}),
    refunded as (update ${rateLimitCounters} set hits = greatest(hits - 1, 0) where key = ${refund})`;
}

/**
 * Evaluated in a statement, lets its commit return before the WAL reaches the disk. For writes whose
 * loss at a crash of the database server harms nobody (a counter, a session to sign in again): the
 * row locks they take are then held for microseconds, not for a disk flush, so that logins from one
 * address no longer queue behind each other's flushes (issue 30). PGlite takes the setting too; it
 * changes nothing there that anyone could observe.
 */
export const ASYNC_COMMIT = sql.raw(`set_config('synchronous_commit', 'off', true)`);

/** Forgets a counter (e.g. the failures of an e-mail once its right password is given). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimitCounters} where key = ${key}`);
}

/** Drops counters whose window ended long ago (start-up housekeeping). */
export async function pruneCounters(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
}
