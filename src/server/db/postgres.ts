import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DbTimeouts } from '../config';
import type { Database, Db } from './client';
import { countAnswers } from './readiness';
import { migrationsFolder } from './paths';
import { RANDOM_PAGE_COST, SORT_MEMORY } from './planner-settings';
import * as schema from './schema';

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
export function openPostgres(connectionString: string, timeouts: DbTimeouts): Database {
  const connection = { connectionString, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS };
  const pool = new GuardedPool({
    ...connection,
    max: 10,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    lock_timeout: timeouts.lockMs,
    options: `-c work_mem=${SORT_MEMORY} -c random_page_cost=${RANDOM_PAGE_COST}`,
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
  const db = drizzle(pool, { schema }) as unknown as Db;
  // A connection goes back to the pool after each statement or transaction, answered or failed.
  let answers = 0;
  pool.on('release', () => answers++);
  countAnswers(db, () => answers);
  return {
    db,
    kind: 'postgres',
    // Migrations (an index built on a large table) may rightly run longer than a request's statements.
    async migrate() {
      const migrationPool = new pg.Pool({ ...connection, max: 1 });
      try {
        await migrate(drizzle(migrationPool, { schema }), { migrationsFolder });
      } finally {
        await migrationPool.end();
      }
    },
    close: () => pool.end(),
  };
}
