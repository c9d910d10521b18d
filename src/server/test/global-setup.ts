import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '../config';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { seedReferenceData } from '../db/seed';
import { createDatabase, dropDatabase, PGLITE_TEMPLATE_FILE, POSTGRES_TEMPLATE_DB, REUSABLE_POSTGRES_PREFIX } from './database';

/** Every project on a database names this setup; Vitest runs each project's in the same process, one after another. */
const preparedThisRun = Symbol.for('ecoforma.test-templates-prepared');

/**
 * Migrates one template per run: a PGlite dump that each test file loads, or, for the
 * PostgreSQL projects, a template database each test file is cloned from. The first project's
 * setup prepares them; the other projects' find them ready instead of building them again.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const run = globalThis as { [preparedThisRun]?: boolean };
  if (run[preparedThisRun]) return;
  run[preparedThisRun] = true;
  // TEST_ENGINE is only set inside the workers, so the setup prepares every template the run may use.
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // Those an interrupted run kept: its teardown never came.
    await dropReusableDatabases(url);
    await setupPostgresTemplate(url);
  }

  // Every test file loads this template, so it is kept small: a WAL segment of 1 MB instead of 16,
  // and no template0 nor template1 (nothing creates a database on PGlite). Half the bytes, and a
  // quarter of a second less for each file to open its database on this machine (decision 062).
  const template = await openPglite({ initDbStartParams: ['--wal-segsize=1'] });
  await template.migrate();
  await seedReferenceData(template.db);
  const client = (template.db as unknown as { $client: PGlite }).$client;
  for (const name of ['template0', 'template1']) {
    await client.query(`alter database ${name} is_template false`);
    await client.query(`drop database ${name}`);
  }
  await client.query('checkpoint');
  const dump = await client.dumpDataDir('none');
  await fs.mkdir(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  await fs.writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  // The databases the workers kept for their next files (decision 073), once every file has run.
  if (url) return () => dropReusableDatabases(url);
}

async function dropReusableDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [REUSABLE_POSTGRES_PREFIX]);
  await client.end();
  for (const { name } of rows) await dropDatabase(url, name);
}

async function setupPostgresTemplate(url: string): Promise<void> {
  await dropDatabase(url, POSTGRES_TEMPLATE_DB);
  const database = await openPostgres(await createDatabase(url, POSTGRES_TEMPLATE_DB), testConfig().dbTimeouts);
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
}
