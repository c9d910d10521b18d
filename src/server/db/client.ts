import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbTimeouts } from '../config';
import type * as schema from './schema';

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

/** The configured engine; only its driver is loaded, which shortens the start (issue 16, goal 4). */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string; dbTimeouts: DbTimeouts }): Promise<Database> {
  if (config.databaseUrl) return (await import('./postgres')).openPostgres(config.databaseUrl, config.dbTimeouts);
  return (await import('./pglite')).openPgliteThread({ dataDir: path.join(config.dataDir, 'db') });
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
