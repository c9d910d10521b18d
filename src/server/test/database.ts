import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '../config';
import { type Database } from '../db/client';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

export const PGLITE_TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar.gz');
/**
 * Named after the test database, so two checkouts testing against their own databases on one
 * server never drop each other's template.
 */
export const POSTGRES_TEMPLATE_DB = `${testDatabaseName()}_ecoforma_template`;

function testDatabaseName(): string {
  const url = process.env.TEST_DATABASE_URL;
  return url ? new URL(url).pathname.slice(1) || 'test' : 'test';
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Which engine this run of the API suites uses: the `server` project runs on PGlite, the
 * `server-postgres` project (present when TEST_DATABASE_URL is set) runs the same files on PostgreSQL.
 */
export const testEngine: 'postgres' | 'pglite' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * Creates database `name` on the PostgreSQL server of `serverUrl`, empty or as a copy of
 * `template`, and returns its address.
 */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  return withDatabase(serverUrl, name);
}

/** Drops database `name`, closing whatever connections are still open to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

/** A throwaway database on the PostgreSQL server, dropped when closed. */
export async function openScratchPostgres(serverUrl: string, name: string, template?: string): Promise<Database> {
  const database = await openPostgres(await createDatabase(serverUrl, name, template), testConfig().dbTimeouts);
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/** The address of database `name` on the test PostgreSQL server (TEST_DATABASE_URL), e.g. to open a second pool on it. */
export function testServerUrl(name: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return withDatabase(url, name);
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !url) {
    const dump = await fs.readFile(PGLITE_TEMPLATE_FILE);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  return openScratchPostgres(url, `ecoforma_test_${randomBytes(6).toString('hex')}`, POSTGRES_TEMPLATE_DB);
}
