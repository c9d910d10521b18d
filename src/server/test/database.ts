import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';

export const PGLITE_TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar.gz');
export const POSTGRES_TEMPLATE_DB = 'ecoforma_test_template';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Which engine this run of the API suites uses: the `server` project runs on PGlite, the
 * `server-postgres` project (present when TEST_DATABASE_URL is set) runs the same files on PostgreSQL.
 */
export const testEngine: 'postgres' | 'pglite' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testEngine === 'pglite' || !url) {
    const dump = await fs.readFile(PGLITE_TEMPLATE_FILE);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `ecoforma_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${POSTGRES_TEMPLATE_DB}"`);
  await admin.end();
  const database = await openPostgres(withDatabase(url, name));
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
