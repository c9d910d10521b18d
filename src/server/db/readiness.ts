import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** How many statements each database has answered (any outcome), for the drivers that count them. */
const answerCounters = new WeakMap<Db, () => number>();

/** A driver tells how to read how many statements its database has answered so far. */
export function countAnswers(db: Db, answered: () => number): void {
  answerCounters.set(db, answered);
}

export type DatabaseReadiness = 'ok' | 'busy' | 'unavailable';

/**
 * Whether the database serves. A trivial query waiting longer than `limitMs` means "unavailable"
 * only when nothing else was answered meanwhile: under load PGlite answers one statement at a time,
 * and the check waits its turn behind requests that still complete. That database is "busy", and
 * an instance whose requests are slow but answered must stay behind its load balancer.
 */
export async function databaseReadiness(db: Db, limitMs = 2000): Promise<DatabaseReadiness> {
  const answered = answerCounters.get(db);
  const before = answered?.();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
  });
  try {
    const outcome = await Promise.race([db.execute(sql`select 1`).then(() => 'ok' as const, () => 'unavailable' as const), late]);
    if (outcome !== 'late') return outcome;
    return answered && answered() > before! ? 'busy' : 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
