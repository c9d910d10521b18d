import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DbTimeouts } from '../config';
import { migrationsFolder } from './paths';
import { createPglite } from './pglite-engine';
import type { WorkerOptions } from './pglite-protocol';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/** The same Drizzle API whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The drizzle handle inside `db.transaction`, which offers the same query API as `Db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query can run: the database, or a transaction under way. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Drizzle over a PGlite client: PGlite itself, or the thread that runs it (same API). */
function pgliteDatabase(client: PGlite | PgliteThread): Database {
  const open = () => drizzlePglite(client as PGlite, { schema });
  return {
    db: open() as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(open(), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * PGlite in this thread, persisted in `dataDir` or in memory; `loadDataDir` clones a dump. For
 * tests and tools: a server uses `openPgliteThread`, so that queries never hold its event loop.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  return pgliteDatabase(await createPglite(options));
}

/** PGlite in a worker thread of its own (decision 030), persisted in `dataDir` or in memory. */
export async function openPgliteThread(options: WorkerOptions = {}): Promise<Database> {
  const thread = new PgliteThread(options);
  try {
    // Answers once the thread has opened the files, or fails with the reason it could not.
    await thread.query('select 1');
  } catch (error) {
    await thread.close().catch(() => {});
    throw error;
  }
  return pgliteDatabase(thread);
}

/** TCP keep-alive probes start after this much silence, so a peer lost without a word is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * A connection whose statement got no answer within the read timeout sits on a stalled socket:
 * it is ended at once, so the pool never lends it again (pg would otherwise keep waiting on it).
 */
function endOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') client.end().catch(() => {});
      });
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}

/**
 * A pool whose lent clients go back broken, hence discarded, once their connection has ended,
 * even when the borrower never releases them: Drizzle's transaction does not release its client
 * when BEGIN itself fails, and each such loss would otherwise shrink the pool for good.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query() borrows through the callback form and already releases with the error.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off('end', onEnd);
        release(err);
      };
      const onEnd = () => giveBack(new Error('Connection terminated'));
      client.once('end', onEnd);
      client.release = giveBack;
      return client;
    });
  }
}

/** PostgreSQL through a pool whose every wait is bounded (decision 016). */
export async function openPostgres(connectionString: string, timeouts: DbTimeouts): Promise<Database> {
  const connection = { connectionString, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS };
  const pool = new GuardedPool({
    ...connection,
    max: 10,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // pg-pool removes its own listener while a client is lent out (inside a transaction): a
    // connection dying then would raise an unhandled 'error' event and kill the process. The
    // statement in progress, or the next one, fails instead, and the pool discards the client.
    client.on('error', () => {});
    endOnReadTimeout(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // Migrations (an index built on a large table) may rightly run longer than a request's statements.
    async migrate() {
      const migrationPool = new pg.Pool({ ...connection, max: 1 });
      try {
        await migratePg(drizzlePg(migrationPool, { schema }), { migrationsFolder });
      } finally {
        await migrationPool.end();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string; dbTimeouts: DbTimeouts }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.dbTimeouts)
    : openPgliteThread({ dataDir: path.join(config.dataDir, 'db') });
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
