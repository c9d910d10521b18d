import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '../../shared/paging';
import type { Executor } from '../db/client';

/**
 * How many rows a search's query returns, counting at most SEARCH_COUNT_CAP + 1 of them: a search
 * that matches nearly everyone would otherwise read every row to say "100,000", and its cost would
 * grow with the platform (issue 30). `capped`: there are more, `total` is then the cap.
 */
export async function cappedCount(db: Executor, matches: SQL | SQLWrapper): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute(sql`select count(*)::int as n from (${matches} limit ${SEARCH_COUNT_CAP + 1}) as matches`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
}
