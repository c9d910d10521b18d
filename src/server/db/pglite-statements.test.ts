import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { databaseErrorFields, isUniqueViolation } from '../lib/db-errors';
import { createPglite } from './pglite-engine';
import { MAX_CACHED_STATEMENTS } from './pglite-statements';

// Every PGlite the project opens keeps its statements prepared (decision 032): these tests hold it
// to PGlite's own query, result for result and error for error.
const createNotes = `create table notes (id integer primary key, label text not null unique, at timestamptz, tags jsonb, done boolean)`;
let db: PGlite;

beforeEach(async () => {
  db = await createPglite();
  await db.exec(createNotes);
});

afterEach(async () => {
  await db.close();
});

async function kept(): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from pg_prepared_statements where name like 'ecoforma_s%'`);
  return rows[0]!.count;
}

describe('PGlite statements kept prepared', () => {
  it('answers like PGlite’s own query: parameters, types, row modes and parsers', async () => {
    const plain = await PGlite.create();
    onTestFinished(() => plain.close());
    await plain.exec(createNotes);
    const at = new Date('2026-11-25T10:00:00.000Z');
    const insert = `insert into notes (id, label, at, tags, done) values ($1, $2, $3, $4, $5) returning *`;
    for (const target of [db, plain]) {
      await target.query(insert, [1, 'première', at, JSON.stringify({ niveau: 'débutant' }), true]);
      await target.query(insert, [2, 'seconde', null, null, false]);
    }
    const select = `select id, label, at, tags, done from notes where id = any($1::int[]) order by id`;
    expect(await db.query(select, [[1, 2]])).toEqual(await plain.query(select, [[1, 2]]));
    expect(await db.query(select, [[1, 2]], { rowMode: 'array' })).toEqual(await plain.query(select, [[1, 2]], { rowMode: 'array' }));
    const raw = { parsers: { 1184: (value: string) => `brut ${value}` } };
    expect(await db.query(select, [[1]], raw)).toEqual(await plain.query(select, [[1]], raw));
    const { rows } = await db.query<{ at: Date; tags: unknown; done: boolean }>(select, [[1]]);
    expect(rows[0]).toMatchObject({ at, tags: { niveau: 'débutant' }, done: true });
  });

  it('parses a statement once, then runs it by name', async () => {
    const select = `select label from notes where id = $1`;
    await db.query(`insert into notes (id, label) values (1, 'une')`);
    const before = await kept();
    for (let i = 0; i < 5; i++) expect((await db.query(select, [1])).rows).toEqual([{ label: 'une' }]);
    // One more: the SELECT (the count's own statement was already kept when `before` was read).
    expect(await kept()).toBe(before + 1);
  });

  it(`keeps at most ${MAX_CACHED_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i < MAX_CACHED_STATEMENTS + 20; i++) await db.query(`select $1::int + ${i} as n`, [1]);
    expect(await kept()).toBeLessThanOrEqual(MAX_CACHED_STATEMENTS);
    // The first ones were closed, and run again when asked.
    expect((await db.query<{ n: number }>(`select $1::int + 0 as n`, [1])).rows).toEqual([{ n: 1 }]);
  });

  it('hands back a failing statement’s error with its fields, and goes on answering', async () => {
    await db.query(`insert into notes (id, label) values ($1, $2)`, [1, 'doublon']);
    const failing = db.query(`insert into notes (id, label) values ($1, $2)`, [2, 'doublon']);
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    expect(databaseErrorFields(await failing.catch((error: unknown) => error))).toMatchObject({ code: '23505', constraint: 'notes_label_key', table: 'notes' });
    await expect(db.query(`select * from nowhere where id = $1`, [1])).rejects.toThrow('relation "nowhere" does not exist');
    expect((await db.query(`select count(*)::int as n from notes`)).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    await db.query(`insert into notes (id, label) values (1, 'une')`);
    const select = `select * from notes where id = $1`;
    expect(Object.keys((await db.query<object>(select, [1])).rows[0]!)).not.toContain('extra');
    await db.exec(`alter table notes add column extra text default 'ajoutée'`);
    expect((await db.query<{ extra: string }>(select, [1])).rows[0]!.extra).toBe('ajoutée');
  });

  it('runs a transaction’s queries on kept statements, commit and rollback alike', async () => {
    const insert = `insert into notes (id, label) values ($1, $2)`;
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'validée']);
      expect((await tx.query(`select label from notes where id = $1`, [1])).rows).toEqual([{ label: 'validée' }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [2, 'annulée']);
        await tx.query(insert, [3, 'validée']);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await db.query(`select id from notes order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('makes a query outside a transaction wait for it to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into notes (id, label) values ($1, $2)`, [1, 'en cours']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = db.query<{ n: number }>(`select count(*)::int as n from notes`);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a query once the database is closed', async () => {
    await db.close();
    await expect(db.query(`select $1::int`, [1])).rejects.toThrow('PGlite is closed');
    db = await createPglite();
  });
});
