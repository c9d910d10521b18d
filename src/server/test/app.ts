import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { openTestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
}

/**
 * The real application on a fresh database and a fresh uploads folder, closed after the file.
 * Call once per test file, at top level: `const ctx = await createTestApp();`
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = path.resolve('.tmp', `data-${randomBytes(6).toString('hex')}`);
  const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web'), ...overrides });
  const app = await buildApp(config, database.db);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { app, db: database.db, config };
}
