import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { PGLITE_TEMPLATE_FILE, POSTGRES_TEMPLATE_DB, withDatabase } from './database';

/**
 * Migrates one template per run: a PGlite dump that each test file loads, or, for the
 * PostgreSQL project, a template database each test file is cloned from.
 */
export default async function setup(): Promise<void> {
  // TEST_ENGINE is only set inside the workers, so the setup prepares every template the run may use.
  const url = process.env.TEST_DATABASE_URL;
  if (url) await setupPostgresTemplate(url);

  const template = await openPglite();
  await template.migrate();
  await seedReferenceData(template.db);
  const dump = await (template.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client.dumpDataDir('gzip');
  await fs.mkdir(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  await fs.writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await template.close();
}

async function setupPostgresTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${POSTGRES_TEMPLATE_DB}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${POSTGRES_TEMPLATE_DB}"`);
  await admin.end();
  const database = await openPostgres(withDatabase(url, POSTGRES_TEMPLATE_DB));
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
}
