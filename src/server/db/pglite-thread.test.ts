import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorFields, isDatabaseUnavailable, isUniqueViolation } from '../lib/db-errors';
import { type Database } from './client';
import { databaseReadiness } from './readiness';
import { openPgliteThread } from './pglite';
import { openPgliteTestCopy, seedPgliteDataDir } from '../test/database';

// The server's PGlite runs in a worker thread (decision 030): these tests hold the thread to what
// the API counts on from PGlite in-process: Drizzle's mapping, transactions, errors, files.
const notes = pgTable('thread_notes', {
  id: integer('id').primaryKey(),
  label: text('label').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const createNotes = sql`create table thread_notes (id integer primary key, label text not null unique, created_at timestamptz not null default now())`;

let database: Database;
const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ecoforma-pglite-thread-'));
  tempDirs.push(dir);
  return dir;
}

/**
 * A PGlite folder holding the run's migrated template: the thread opens existing files, as at every
 * start but the first, instead of an initdb of seconds per database (the first start has its own
 * test, compiled-server.test.ts).
 */
async function seededDataDir(): Promise<string> {
  const dataDir = await tempDir();
  await seedPgliteDataDir(dataDir);
  return dataDir;
}

beforeAll(async () => {
  database = await openPgliteThread({ dataDir: await seededDataDir() });
  await database.db.execute(createNotes);
});

afterAll(async () => {
  await database.close();
  for (const dir of tempDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('PGlite in its own thread', () => {
  it('counts its answers, so a readiness check behind a queue of statements says busy, not unavailable', async () => {
    expect(await databaseReadiness(database.db, 1000)).toBe('ok');
    // One statement at a time: the check waits behind two seconds of work that keep completing
    // (sleeps, not computation, so that a fast machine cannot clear the queue inside the limit).
    const queue = Array.from({ length: 40 }, () => Promise.resolve(database.db.execute(sql`select pg_sleep(0.05)`)));
    // Drizzle's queries start when awaited: let the queue reach the thread before the check.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await databaseReadiness(database.db, 500)).toBe('busy');
    await Promise.all(queue);
  });

  it('maps rows through Drizzle, timestamps as dates', async () => {
    await database.db.insert(notes).values({ id: 1, label: 'première' });
    const [row] = await database.db.select().from(notes).where(eq(notes.id, 1));
    expect(row).toMatchObject({ id: 1, label: 'première' });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(row!.createdAt.getTime())).toBe(false);
  });

  it('commits a transaction whose callback resolves', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, label: 'validée' });
    });
    expect(await database.db.select().from(notes).where(eq(notes.id, 2))).toHaveLength(1);
  });

  it('rolls back a transaction whose callback throws, and hands the error back', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 3, label: 'annulée' });
      throw new Error('refus métier');
    });
    await expect(failing).rejects.toThrow('refus métier');
    expect(await database.db.select().from(notes).where(eq(notes.id, 3))).toHaveLength(0);
  });

  it('rolls back on tx.rollback()', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 4, label: 'retirée' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(notes).where(eq(notes.id, 4))).toHaveLength(0);
  });

  it('makes a query outside a transaction wait until the transaction ends', async () => {
    let outsideAnswered = false;
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 5, label: 'isolée' });
      outside = database.db
        .select()
        .from(notes)
        .where(eq(notes.id, 5))
        .then((rows) => {
          outsideAnswered = true;
          return rows;
        });
      // Several round trips inside the transaction while the outside query is queued.
      for (let i = 0; i < 3; i++) await tx.execute(sql`select 1`);
      expect(outsideAnswered).toBe(false);
    });
    expect(await outside).toHaveLength(1);
  });

  it('carries PostgreSQL error fields across the thread, so a duplicate reads as one', async () => {
    const duplicate = await database.db
      .insert(notes)
      .values({ id: 6, label: 'première' })
      .then(() => null, (error: unknown) => error);
    expect(duplicate).not.toBeNull();
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(databaseErrorFields(duplicate)).toMatchObject({ code: '23505', constraint: 'thread_notes_label_key' });
    // A syntax error is no duplicate, and the thread goes on answering afterwards.
    const syntax = await database.db.execute(sql`selec 1`).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(syntax)).toBe(false);
    expect(databaseErrorFields(syntax)).toMatchObject({ code: '42601' });
    expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('leaves the event loop free while a long statement runs', async () => {
    // Counts the turns of this thread's event loop during one heavy statement: PGlite in-process
    // holds the loop for the whole statement, the thread lets it turn.
    const turnsDuring = async (db: Database['db']) => {
      let turns = 0;
      let running = true;
      const spin = () => {
        turns++;
        if (running) setImmediate(spin);
      };
      setImmediate(spin);
      await db.execute(sql`select count(*) from generate_series(1, 300000) as s(n) where n % 7 = 3`);
      running = false;
      return turns;
    };
    const inProcess = await openPgliteTestCopy();
    try {
      expect(await turnsDuring(inProcess.db)).toBeLessThanOrEqual(2);
    } finally {
      await inProcess.close();
    }
    expect(await turnsDuring(database.db)).toBeGreaterThan(10);
  });

  it('keeps what it wrote once closed and opened again, and refuses queries once closed', async () => {
    const dataDir = await seededDataDir();
    const first = await openPgliteThread({ dataDir });
    await first.db.execute(createNotes);
    await first.db.insert(notes).values({ id: 1, label: 'gardée' });
    await first.close();
    const closedError = await first.db.execute(sql`select 1`).then(() => null, (e: unknown) => e);
    expect(closedError).not.toBeNull();
    expect(isDatabaseUnavailable(closedError)).toBe(true);

    const second = await openPgliteThread({ dataDir });
    try {
      expect(await second.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'gardée' }]);
    } finally {
      await second.close();
    }
  });

  it('fails to open, without hanging, on files that are not a database', async () => {
    const dataDir = path.join(await tempDir(), 'not-a-folder');
    await fs.writeFile(dataDir, 'pas une base');
    await expect(openPgliteThread({ dataDir })).rejects.toThrow();
  });
});
