import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbTimeouts } from '../config';
import { lockDataDir } from './data-dir-lock';
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

/** A handle given while the engine opens: queries made meanwhile wait; `opened` settles once it answers, or rejects with the reason it could not. */
export interface OpeningDatabase {
  database: Database;
  opened: Promise<void>;
}

type DatabaseConfig = { databaseUrl?: string; dataDir: string; dbTimeouts: DbTimeouts };

/**
 * Starts opening the configured engine; only its driver is loaded, which shortens the start (issue
 * 16, goal 4). PostgreSQL's pool connects on its first query; PGlite's thread takes about a second
 * to load its WebAssembly and files, which the start spends building the application.
 */
export async function startOpeningDatabase(config: DatabaseConfig): Promise<OpeningDatabase> {
  if (config.databaseUrl) return { database: (await import('./postgres')).openPostgres(config.databaseUrl, config.dbTimeouts), opened: Promise.resolve() };
  // Before opening anything: a second process on the same folder stops here.
  lockDataDir(config.dataDir);
  return (await import('./pglite')).startPgliteThread({ dataDir: path.join(config.dataDir, 'db') });
}

/** The configured engine, once open. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { database, opened } = await startOpeningDatabase(config);
  await opened;
  return database;
}
