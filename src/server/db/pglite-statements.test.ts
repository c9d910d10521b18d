import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { databaseErrorFields, isUniqueViolation } from '../lib/db-errors';
import { MAX_CACHED_STATEMENTS } from './pglite-statements';
import { users } from './schema';
import { newPgliteCopy, openPgliteTestCopy, pgliteTemplate } from '../test/database';

// Every PGlite the project opens keeps its statements prepared (decision 032): these tests hold it
// to PGlite's own query, result for result and error for error.
/** What Drizzle's driver adds to a statement prepared by name (`pglite.ts`). */
const keep = { keepPrepared: true } as object;
const createNotes = `create table notes (id integer primary key, label text not null unique, at timestamptz, tags jsonb, done boolean)`;
// One database for the file, loaded like the file's others from the run's template rather than made
// by initdb (seconds each); each test starts from an empty table.
let db: PGlite;
/** Statements kept when the test started. */
let before: number;

beforeAll(async () => {
  db = await newPgliteCopy();
});

afterAll(async () => {
  await db.close();
});

beforeEach(async () => {
  await db.exec(`drop table if exists notes; ${createNotes}`);
  before = await kept();
});

async function kept(target = db): Promise<number> {
  const { rows } = await target.query<{ count: number }>(`select count(*)::int as count from pg_prepared_statements where name like 'ecoforma_s%'`);
  return rows[0]!.count;
}

describe('PGlite statements kept prepared', () => {
  it('answers like PGlite’s own query: parameters, types, row modes and parsers', async () => {
    const plain = await PGlite.create({ loadDataDir: await pgliteTemplate() });
    onTestFinished(() => plain.close());
    await plain.exec(createNotes);
    const at = new Date('2026-11-25T10:00:00.000Z');
    const insert = `insert into notes (id, label, at, tags, done) values ($1, $2, $3, $4, $5) returning *`;
    for (const target of [db, plain]) {
      await target.query(insert, [1, 'première', at, JSON.stringify({ niveau: 'débutant' }), true], keep);
      await target.query(insert, [2, 'seconde', null, null, false], keep);
    }
    const select = `select id, label, at, tags, done from notes where id = any($1::int[]) order by id`;
    expect(await db.query(select, [[1, 2]], keep)).toEqual(await plain.query(select, [[1, 2]]));
    expect(await db.query(select, [[1, 2]], { rowMode: 'array', ...keep })).toEqual(await plain.query(select, [[1, 2]], { rowMode: 'array' }));
    const raw = { parsers: { 1184: (value: string) => `brut ${value}` } };
    expect(await db.query(select, [[1]], { ...raw, ...keep })).toEqual(await plain.query(select, [[1]], raw));
    expect(await kept()).toBe(before + 2);
    const { rows } = await db.query<{ at: Date; tags: unknown; done: boolean }>(select, [[1]], keep);
    expect(rows[0]).toMatchObject({ at, tags: { niveau: 'débutant' }, done: true });
  });

  it('reads an answer with the caller’s parsers over PGlite’s: each parsers object its own, and PGlite’s later parsers seen', async () => {
    await db.query(`insert into notes (id, label, at) values (1, 'première', '2026-11-25T10:00:00Z')`);
    const select = `select id, label, at from notes where id = $1`;
    const asText = { parsers: { 1184: (value: string) => `brut ${value}` } };
    const labelled = { parsers: { 1184: (value: string) => `horodatage ${value}` } };
    // The same object twice (as Drizzle's prepared queries and the server's thread pass theirs), then another one.
    for (const options of [asText, asText, labelled]) {
      const { rows } = await db.query<{ id: number; label: string; at: string }>(select, [1], { ...options, ...keep });
      expect(rows[0]).toEqual({ id: 1, label: 'première', at: options.parsers[1184]('2026-11-25 10:00:00+00') });
    }
    // PGlite adds parsers to its own object (array types of a new type, say): the merged parsers see them.
    const textParser = db.parsers[25]!;
    db.parsers[25] = (value: string) => `texte ${value}`;
    onTestFinished(() => void (db.parsers[25] = textParser));
    expect((await db.query<{ label: string }>(select, [1], { ...asText, ...keep })).rows[0]!.label).toBe('texte première');
  });

  it('parses a marked statement once, then runs it by name; leaves the others to PGlite', async () => {
    const select = `select label from notes where id = $1`;
    await db.query(`insert into notes (id, label) values (1, 'une')`);
    for (let i = 0; i < 5; i++) expect((await db.query(select, [1])).rows).toEqual([{ label: 'une' }]);
    expect(await kept()).toBe(before);
    for (let i = 0; i < 5; i++) expect((await db.query(select, [1], keep)).rows).toEqual([{ label: 'une' }]);
    expect(await kept()).toBe(before + 1);
  });

  it('keeps the statements Drizzle prepares by name, and only those', async () => {
    // A migrated copy of the run's template (src/server/test), whichever engine the project tests.
    const database = await openPgliteTestCopy();
    onTestFinished(() => database.close());
    const client = (database.db as unknown as { session: { client: PGlite } }).session.client;
    const atStart = await kept(client);
    const byEmail = database.db.select({ id: users.id }).from(users).where(eq(users.email, sql.placeholder('email'))).prepare('test_user_by_email');
    await byEmail.execute({ email: 'personne@exemple.fr' });
    await byEmail.execute({ email: 'autre@exemple.fr' });
    expect(await kept(client)).toBe(atStart + 1);
    await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'personne@exemple.fr'));
    expect(await kept(client)).toBe(atStart + 1);
  });

  it(`keeps at most ${MAX_CACHED_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i < MAX_CACHED_STATEMENTS + 20; i++) await db.query(`select $1::int + ${i} as n`, [1], keep);
    expect(await kept()).toBe(MAX_CACHED_STATEMENTS);
    // The first ones were closed, and run again when asked.
    expect((await db.query<{ n: number }>(`select $1::int + 0 as n`, [1], keep)).rows).toEqual([{ n: 1 }]);
  });

  it('hands back a failing statement’s error with its fields, and goes on answering', async () => {
    await db.query(`insert into notes (id, label) values ($1, $2)`, [1, 'doublon'], keep);
    const failing = db.query(`insert into notes (id, label) values ($1, $2)`, [2, 'doublon'], keep);
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    expect(databaseErrorFields(await failing.catch((error: unknown) => error))).toMatchObject({ code: '23505', constraint: 'notes_label_key', table: 'notes' });
    await expect(db.query(`select * from nowhere where id = $1`, [1], keep)).rejects.toThrow('relation "nowhere" does not exist');
    expect((await db.query(`select count(*)::int as n from notes`)).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    await db.query(`insert into notes (id, label) values (1, 'une')`);
    const select = `select * from notes where id = $1`;
    expect(Object.keys((await db.query<object>(select, [1], keep)).rows[0]!)).not.toContain('extra');
    await db.exec(`alter table notes add column extra text default 'ajoutée'`);
    expect((await db.query<{ extra: string }>(select, [1], keep)).rows[0]!.extra).toBe('ajoutée');
  });

  it('runs a transaction’s queries on kept statements, commit and rollback alike', async () => {
    const insert = `insert into notes (id, label) values ($1, $2)`;
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'validée'], keep);
      expect((await tx.query(`select label from notes where id = $1`, [1], keep)).rows).toEqual([{ label: 'validée' }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [2, 'annulée'], keep);
        await tx.query(insert, [3, 'validée'], keep);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await db.query(`select id from notes order by id`)).rows).toEqual([{ id: 1 }]);
    const { rows } = await db.query(`select 1 from pg_prepared_statements where statement = $1`, [insert]);
    expect(rows).toHaveLength(1);
  });

  it('makes a query outside a transaction wait for it to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into notes (id, label) values ($1, $2)`, [1, 'en cours'], keep);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = db.query<{ n: number }>(`select count(*)::int as n from notes`, [], keep);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a query once the database is closed', async () => {
    const closed = await newPgliteCopy();
    await closed.close();
    await expect(closed.query(`select $1::int`, [1], keep)).rejects.toThrow('PGlite is closed');
  });
});
