import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Db, OpeningDatabase } from './client';
import { countAnswers } from './readiness';
import { migrationsFolder } from './paths';
import { createPglite, type PgliteOptions } from './pglite-engine';
import type { WorkerOptions } from './pglite-protocol';
import type { KeepPrepared } from './pglite-statements';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/** The two query configurations of Drizzle's PGlite prepared query, which it hands to `client.query`. */
interface DrizzlePgliteQuery {
  queryConfig: QueryOptions;
  rawQueryConfig: QueryOptions;
}

/**
 * Marks the statements the code prepared by name (`.prepare(name)`) to be kept prepared, as
 * node-postgres keeps them (decision 032): Drizzle's PGlite driver receives the name but drops it.
 */
function keepNamedStatements(db: ReturnType<typeof drizzle>): void {
  const session = (db as unknown as { session: { prepareQuery(...args: unknown[]): DrizzlePgliteQuery } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    // prepareQuery(query, fields, name, …): the name is given by `.prepare(name)` only.
    const name = args[2];
    if (name) {
      const keep: KeepPrepared = { keepPrepared: true };
      prepared.queryConfig = { ...prepared.queryConfig, ...keep };
      prepared.rawQueryConfig = { ...prepared.rawQueryConfig, ...keep };
    }
    return prepared;
  };
}

/** Drizzle over a PGlite client: PGlite itself, or the thread that runs it (same API). */
export function pgliteDatabase(client: PGlite | PgliteThread): Database {
  const open = () => drizzle(client as PGlite, { schema });
  const db = open();
  keepNamedStatements(db);
  if (client instanceof PgliteThread) countAnswers(db as unknown as Db, () => client.answers);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(open(), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * PGlite in this thread, persisted in `dataDir` or in memory; `loadDataDir` clones a dump. For
 * tests and tools: a server uses `openPgliteThread`, so that queries never hold its event loop.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  return pgliteDatabase(await createPglite(options));
}

/**
 * PGlite in a worker thread of its own (decision 030), persisted in `dataDir` or in memory. The
 * handle comes at once: queries made while the thread opens the files wait for it.
 */
export function startPgliteThread(options: WorkerOptions = {}): OpeningDatabase {
  const thread = new PgliteThread(options);
  const opened = thread.query('select 1').then(
    () => undefined,
    async (error: unknown) => {
      await thread.close().catch(() => {});
      throw error;
    },
  );
  // Awaited later by whoever opened it; a failure before then is not an unhandled rejection.
  opened.catch(() => {});
  return { database: pgliteDatabase(thread), opened };
}

/** `startPgliteThread`, once the thread has opened the files; fails with the reason it could not. */
export async function openPgliteThread(options: WorkerOptions = {}): Promise<Database> {
  const { database, opened } = startPgliteThread(options);
  await opened;
  return database;
}
