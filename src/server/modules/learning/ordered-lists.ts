import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';

/**
 * The three ordered lists of a course: chapters in a course, lessons in a chapter, questions in a
 * quiz. Each row has a `position` (0, 1, 2…) among the rows of the same parent.
 */
const orderedLists = {
  sections: { table: sql.raw('course_sections'), parent: sql.raw('course_id') },
  lessons: { table: sql.raw('lessons'), parent: sql.raw('section_id') },
  questions: { table: sql.raw('quiz_questions'), parent: sql.raw('lesson_id') },
} as const;
export type OrderedList = keyof typeof orderedLists;

/**
 * Puts the rows of one parent in the order of `ids`, which must be exactly its current rows (no
 * missing, extra or repeated id), else 422 with `mismatch`. The caller holds the parent's lock.
 */
export async function applyOrder(tx: Executor, list: OrderedList, parentId: number, ids: number[], mismatch: string): Promise<void> {
  const { table, parent } = orderedLists[list];
  const result = await tx.execute(sql`select id from ${table} where ${parent} = ${parentId}`);
  // `execute` answers `{ rows }` on both drivers (PGlite and node-postgres).
  const current = (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw AppError.validation({ ids: [mismatch] });
  }
  if (ids.length === 0) return;
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  await tx.execute(sql`
    update ${table} t set position = o.n - 1, updated_at = now()
    from unnest(${idArray}) with ordinality as o(id, n)
    where t.id = o.id and t.${parent} = ${parentId}`);
}

/** Rewrites positions 0, 1, 2… in the current order, after a deletion or a move left a gap. */
export async function renumber(tx: Executor, list: OrderedList, parentId: number): Promise<void> {
  const { table, parent } = orderedLists[list];
  await tx.execute(sql`
    update ${table} t set position = r.n - 1
    from (select id, row_number() over (order by position, id) as n from ${table} where ${parent} = ${parentId}) r
    where t.id = r.id and t.position <> r.n - 1`);
}
