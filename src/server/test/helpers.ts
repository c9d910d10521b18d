import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { normalizeSearch } from '../../shared/text';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createSession } from '../lib/sessions';
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

export const DEFAULT_PASSWORD = 'Motdepasse1';
let defaultHash: Promise<string> | undefined;

let sequence = 0;
/** A user with sensible defaults; every field can be overridden. Password: DEFAULT_PASSWORD. */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<UserRow> {
  sequence++;
  const { password, ...fields } = overrides;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const role = fields.role ?? 'membre';
  const firstname = fields.firstname ?? 'Camille';
  const lastname = fields.lastname ?? `Martin${sequence}`;
  const email = fields.email ?? `user${sequence}-${randomBytes(4).toString('hex')}@exemple.fr`;
  const [user] = await db
    .insert(users)
    .values({
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      gender: 'female',
      birthdate: '1990-05-17',
      isValid: role !== 'formateur',
      searchText: normalizeSearch(`${firstname} ${lastname} ${email}`),
      ...fields,
      role,
      firstname,
      lastname,
      email,
    })
    .returning();
  return user!;
}

/** `{ authorization: 'Bearer …' }` for a new session of this user. */
export async function authHeader(db: Db, user: Pick<UserRow, 'id'>): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await createSession(db, user.id)}` };
}
