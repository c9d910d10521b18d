import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { categories, users } from '../db/schema';
import { openTestDatabase, testEngine } from './database';
import { createUser } from './factories';

async function firstRow<T>(database: Database, query: SQL): Promise<T> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

/**
 * Which database this is: on PostgreSQL its name, on PGlite when its copy started. The same value
 * means the same database, handed on.
 */
async function identity(database: Database): Promise<string> {
  return (await firstRow<{ id: string }>(database, sql`select current_database() || ' ' || pg_postmaster_start_time()::text as id`)).id;
}

async function count(database: Database, table: typeof users | typeof categories): Promise<number> {
  return database.db.$count(table);
}

/** Closes `first` as a file ends, then runs `check` on the database the next file receives. */
async function nextFile(first: Database, check: (next: Database, firstIdentity: string) => Promise<void>): Promise<void> {
  const firstIdentity = await identity(first);
  await first.close();
  const next = await openTestDatabase({ reusable: true });
  try {
    await check(next, firstIdentity);
  } finally {
    await next.close();
  }
}

describe('test databases handed from one file to the next (decision 073)', () => {
  it('come back with the template’s rows and sequences only, whatever the file before wrote or deleted', async () => {
    const first = await openTestDatabase({ reusable: true });
    const templateCategories = await count(first, categories);
    expect(templateCategories).toBeGreaterThan(0);
    const firstUser = await createUser(first.db);
    await createUser(first.db);
    await first.db.delete(categories);
    await nextFile(first, async (second, firstIdentity) => {
      expect(await identity(second)).toBe(firstIdentity);
      expect(await count(second, users)).toBe(0);
      expect(await count(second, categories)).toBe(templateCategories);
      // Ids start again where a new copy starts them.
      expect((await createUser(second.db)).id).toBe(firstUser.id);
    });
  });

  it('keep being handed on file after file, vacuumed once in every twenty', async () => {
    const vacuums = async (database: Database) =>
      Number((await firstRow<{ count: string | number }>(database, sql`select vacuum_count as count from pg_stat_user_tables where relname = 'users'`)).count);
    let current = await openTestDatabase({ reusable: true });
    const firstIdentity = await identity(current);
    const vacuumsBefore = await vacuums(current);
    for (let file = 0; file < 20; file++) {
      await createUser(current.db);
      await current.close();
      current = await openTestDatabase({ reusable: true });
      expect(await identity(current)).toBe(firstIdentity);
    }
    expect(await vacuums(current)).toBe(vacuumsBefore + 1);
    await current.close();
  });

  it('fail as a closed database once closed, so that nothing left running reaches the next file’s rows', async () => {
    const first = await openTestDatabase({ reusable: true });
    await nextFile(first, async (second) => {
      const closedError = testEngine === 'pglite' ? 'PGlite is closed' : 'Cannot use a pool after calling end on the pool';
      await expect(createUser(first.db)).rejects.toMatchObject({ cause: new Error(closedError) });
      expect(await count(second, users)).toBe(0);
    });
  });

  it('end a transaction a file left open, and keep none of its rows', async () => {
    const first = await openTestDatabase({ reusable: true });
    await first.db.execute(sql`begin`);
    await createUser(first.db);
    await nextFile(first, async (second, firstIdentity) => {
      expect(await identity(second)).toBe(firstIdentity);
      expect(await count(second, users)).toBe(0);
      // Its own writes are committed at once, outside any transaction.
      await createUser(second.db);
      expect(await count(second, users)).toBe(1);
    });
  });

  it.each([
    ['its schema changed', sql`create table left_behind (id int)`],
    // A session's own setting on PGlite, whose one session every file shares; the database's on PostgreSQL.
    [
      'a setting changed',
      testEngine === 'pglite'
        ? sql`set statement_timeout = '1s'`
        : sql.raw(`do $$ begin execute format('alter database %I set statement_timeout = ''1s''', current_database()); end $$`),
    ],
    ['a trigger was turned off', sql`alter table users disable trigger all`],
  ])('are closed, never handed on, when %s', async (_case, change) => {
    const first = await openTestDatabase({ reusable: true });
    const timeout = async (database: Database) => (await firstRow<{ timeout: string }>(database, sql`select current_setting('statement_timeout') as timeout`)).timeout;
    const freshTimeout = await timeout(first);
    await first.db.execute(change);
    await nextFile(first, async (second, firstIdentity) => {
      expect(await identity(second)).not.toBe(firstIdentity);
      expect((await firstRow<{ name: string | null }>(second, sql`select to_regclass('left_behind')::text as name`)).name).toBeNull();
      expect(await timeout(second)).toBe(freshTimeout);
    });
  });
});
