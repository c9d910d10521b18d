import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '../config';
import { type Database } from '../db/client';
import { pgliteDatabase } from '../db/pglite';
import { createPglite } from '../db/pglite-engine';
import { openPostgres } from '../db/postgres';
import { leasePglite, pgliteSession, postgresSession, readTemplateState, resetToTemplate, type SqlSession, type TemplateState } from './database-reuse';

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
export async function openScratchPostgres(serverUrl: string, name: string, template?: string, settings: DatabaseSettings = SCRATCH_SETTINGS): Promise<TestDatabase> {
  const url = await createDatabase(serverUrl, name, template, settings);
  const database = await openPostgres(url, testConfig().dbTimeouts);
  return {
    ...database,
    withSession: (work) => withPostgresSession(url, work),
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
/**
 * The run's PGlite template (a dump of the migrated database), read once per worker: the files of a
 * worker share this module (isolate: false). Loading it opens a PGlite in well under a second, where
 * a new one's initdb takes three to six seconds here.
 */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateRead ??= fs.readFile(PGLITE_TEMPLATE_FILE).then((dump) => new Blob([dump]));
  return pgliteTemplateRead;
}

/** A PGlite (the engine's own client) loaded from the run's migrated template. */
export async function newPgliteCopy() {
  return createPglite({ loadDataDir: await pgliteTemplate(), sharedBuffers: TEST_PGLITE_SHARED_BUFFERS });
}

/** A test database, which a test may also reach on a connection of its own (see `snapshot.ts`). */
export interface TestDatabase extends Database {
  /** Runs `work` on a connection to the database besides the app's own. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

/** `withSession` for the PostgreSQL database at `url`: a client of its own, for the time of `work`. */
async function withPostgresSession<T>(url: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // Its end is not waited for (below): a DROP of the database may then end the connection first, and an
  // 'error' event without a listener would be an uncaught exception in whichever test runs by then.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(postgresSession(client));
  } finally {
    // Not waited for: a query stuck behind a lock a test left would hold it; the DROP ends it.
    void client.end().catch(() => {});
  }
}

/**
 * A PGlite folder (a server's `DATA_DIR/db`) holding a copy of the run's migrated template: what a
 * first start leaves there, for a test about a later start, without starting and stopping a server first.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const pglite = await createPglite({ dataDir, loadDataDir: await pgliteTemplate() });
  await pglite.close();
}

/** A PGlite copy of the run's migrated template, whatever engine the project tests. */
export async function openPgliteTestCopy(): Promise<TestDatabase> {
  const pglite = await newPgliteCopy();
  return { ...pgliteDatabase(pglite), withSession: (work) => work(pgliteSession(pglite)) };
}

/**
 * Every so many files, a database's reset also vacuums it: the rows deleted leave dead tuples that
 * nothing else reclaims on PGlite. A vacuum takes 20 to 120 ms here, opening a new copy 400 to 1,000.
 */
const VACUUM_EVERY_FILES = 20;
/** Databases kept between files: a file opens one through createTestApp, rarely two. */
const MAX_IDLE_DATABASES = 2;

/** A test database that may serve several files of a worker, one after the other. */
interface Reusable extends Pick<TestDatabase, 'withSession'> {
  files: number;
  dispose(): Promise<void>;
}

/**
 * The databases a worker's files have closed, emptied back to the template's rows for its next
 * files (decision 073). One that a test changed beyond its rows (schema, settings), or left busy,
 * is disposed of instead.
 */
function reusePool<Copy extends Reusable>(create: () => Promise<Copy>) {
  const idle: Copy[] = [];
  let template: Promise<TemplateState> | undefined;
  return {
    async take(): Promise<Copy> {
      const reused = idle.pop();
      if (reused) return reused;
      const copy = await create();
      // Read from the worker's first database while it is still as the template made it.
      template ??= copy.withSession(readTemplateState);
      await template;
      return copy;
    },
    async give(copy: Copy): Promise<void> {
      copy.files += 1;
      const vacuum = copy.files % VACUUM_EVERY_FILES === 0;
      const reusable = idle.length < MAX_IDLE_DATABASES && (await copy.withSession(async (session) => resetToTemplate(session, await template!, { vacuum })));
      if (reusable) idle.push(copy);
      else await copy.dispose();
    },
  };
}

const pglitePool = reusePool(async () => {
  const pglite = await newPgliteCopy();
  return {
    pglite,
    files: 0,
    withSession: <T>(work: (session: SqlSession) => Promise<T>) => work(pgliteSession(pglite)),
    // A copy left busy may never answer: its closing is not waited for.
    dispose: async () => void pglite.close().catch(() => {}),
  };
});

/** A PGlite copy of the template for one test file; once closed, it fails as a closed PGlite would. */
async function openReusablePgliteCopy(): Promise<TestDatabase> {
  const copy = await pglitePool.take();
  const lease = leasePglite(copy.pglite);
  return {
    ...pgliteDatabase(lease.client),
    withSession: (work) => work(pgliteSession(lease.client)),
    async close() {
      lease.release();
      await pglitePool.give(copy);
    },
  };
}

/** The databases a run keeps for reuse are named so: the global setup drops them at its end. */
export const REUSABLE_POSTGRES_PREFIX = `${testDatabaseName()}_ecoforma_reuse_`;

/** Databases cloned from the template on the test PostgreSQL server (TEST_DATABASE_URL). */
const postgresPool = reusePool(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `${REUSABLE_POSTGRES_PREFIX}${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(serverUrl, name, POSTGRES_TEMPLATE_DB, SCRATCH_SETTINGS);
  return {
    url,
    files: 0,
    withSession: <T>(work: (session: SqlSession) => Promise<T>) => withPostgresSession(url, work),
    dispose: () => dropDatabase(serverUrl, name),
  };
});

/** A database cloned from the template for one test file, on the test PostgreSQL server. */
async function openReusablePostgres(): Promise<TestDatabase> {
  const copy = await postgresPool.take();
  const database = await openPostgres(copy.url, testConfig().dbTimeouts);
  return {
    ...database,
    withSession: copy.withSession,
    async close() {
      await database.close();
      await postgresPool.give(copy);
    },
  };
}

/**
 * A fresh, migrated database for one test file, cloned from the run's template. On PostgreSQL its
 * commits do not wait for the disk unless `durableCommits` (see SCRATCH_SETTINGS). With `reusable`,
 * a database that an earlier file of the worker used and closed may serve, emptied back to the
 * template's rows (decision 073); without, it is new, for a test that closes it to see it gone.
 */
export async function openTestDatabase(options: { durableCommits?: boolean; reusable?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !url) return options.reusable ? openReusablePgliteCopy() : openPgliteTestCopy();
  if (options.reusable && !options.durableCommits) return openReusablePostgres();
  const settings = options.durableCommits ? {} : SCRATCH_SETTINGS;
  return openScratchPostgres(url, `ecoforma_test_${randomBytes(6).toString('hex')}`, POSTGRES_TEMPLATE_DB, settings);
}
