import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PGlite persisted in `dataDir`, or in memory when `dataDir` is omitted; `loadDataDir` clones a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // pg-pool removes its own listener while a client is lent out (inside a transaction): a
  // connection dying then would raise an unhandled 'error' event and kill the process. The
  // statement in progress, or the next one, fails instead, and the pool discards the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, 'db') });
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
