import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '../config';
import { type Database } from '../db/client';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

/**
 * Uncompressed: every test file loads it, and gunzip was a tenth of a second each time on this
 * machine, for a file that never leaves the disk.
 */
export const PGLITE_TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar');
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
 * Settings of a test database. A test database is thrown away after its file, so waiting for each
 * commit's WAL to reach the disk buys nothing there: `synchronous_commit = off` spares each write
 * that wait. A test about durability itself asks for durable commits (`TestAppOptions.durableCommits`).
 */
const SCRATCH_SETTINGS = { synchronous_commit: 'off' } as const;
type DatabaseSettings = Readonly<Record<string, string>>;

/**
 * Creates database `name` on the PostgreSQL server of `serverUrl`, empty or as a copy of
 * `template`, with `settings` as its defaults (a template's own are not copied), and returns its address.
 */
export async function createDatabase(serverUrl: string, name: string, template?: string, settings: DatabaseSettings = {}): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    for (const [key, value] of Object.entries(settings)) {
      await admin.query(`ALTER DATABASE "${name}" SET ${key} = '${value}'`);
    }
  } finally {
    await admin.end();
  }
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
export async function openScratchPostgres(serverUrl: string, name: string, template?: string, settings: DatabaseSettings = SCRATCH_SETTINGS): Promise<Database> {
  const database = await openPostgres(await createDatabase(serverUrl, name, template, settings), testConfig().dbTimeouts);
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

/** Enough for a test file's rows; PGlite's default 128MB took half a second to zero at each opening (decision 070). */
const TEST_PGLITE_SHARED_BUFFERS = '16MB';

let pgliteTemplateRead: Promise<Blob> | undefined;
/** The run's PGlite template, read once per worker: the files of a worker share this module (isolate: false). */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateRead ??= fs.readFile(PGLITE_TEMPLATE_FILE).then((dump) => new Blob([dump]));
  return pgliteTemplateRead;
}

/** A PGlite copy of the run's migrated template, whatever engine the project tests. */
export async function openPgliteTestCopy(): Promise<Database> {
  return openPglite({ loadDataDir: await pgliteTemplate(), sharedBuffers: TEST_PGLITE_SHARED_BUFFERS });
}

/**
 * A fresh, migrated database for one test file, cloned from the run's template. On PostgreSQL its
 * commits do not wait for the disk unless `durableCommits` (see SCRATCH_SETTINGS).
 */
export async function openTestDatabase(options: { durableCommits?: boolean } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !url) return openPgliteTestCopy();
  const settings = options.durableCommits ? {} : SCRATCH_SETTINGS;
  return openScratchPostgres(url, `ecoforma_test_${randomBytes(6).toString('hex')}`, POSTGRES_TEMPLATE_DB, settings);
}
