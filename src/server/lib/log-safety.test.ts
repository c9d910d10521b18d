import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { users } from '../db/schema';
import { openTestDatabase } from '../test/database';
import { createUser } from '../test/factories';
import { logSafeError } from './log-safety';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

/** The error a statement throws, as Drizzle hands it to the application. */
async function failure(statement: Promise<unknown>): Promise<unknown> {
  return statement.then(
    () => {
      throw new Error('the statement was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('logSafeError', () => {
  it('keeps the SQLSTATE of a failed statement, never its SQL nor its parameters', async () => {
    const error = await failure(db.execute(sql`select ${'valeur-secrete-42'}::int as n`));
    const logged = JSON.stringify(logSafeError(error));
    expect(logged).not.toContain('valeur-secrete-42');
    expect(logged.toLowerCase()).not.toContain('select');
    expect(logSafeError(error)).toMatchObject({ code: '22P02', message: 'Erreur SQL 22P02 (requête et paramètres non journalisés)' });
    expect(logSafeError(error).stack).toMatch(/^\s+at /);
  });

  it("keeps the name of a violated constraint, not the detail that repeats the value ('Key (email)=(…)')", async () => {
    const user = await createUser(db);
    const error = await failure(db.insert(users).values({ ...user, id: undefined }));
    const logged = logSafeError(error);
    expect(logged).toMatchObject({ code: '23505', table: 'users' });
    expect(String(logged.constraint)).toMatch(/email/);
    expect(JSON.stringify(logged)).not.toContain(user.email);
  });

  it('keeps the message, stack and cause of an error that did not come from the database', () => {
    const logged = logSafeError(new Error('Échec de lecture du fichier', { cause: Object.assign(new Error('introuvable'), { code: 'ENOENT' }) }));
    expect(logged).toMatchObject({ type: 'Error', message: 'Échec de lecture du fichier', cause: { message: 'introuvable', code: 'ENOENT' } });
    expect(logged.stack).toContain('Échec de lecture du fichier');
  });

  it('an unexpected SQL error in a route answers 500 and logs one line without the SQL nor its parameters', async () => {
    const lines: string[] = [];
    const dataDir = path.resolve('.tmp', `log-safety-${randomBytes(5).toString('hex')}`);
    const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web'), logLevel: 'info' });
    const app = await buildApp(config, db, { logStream: { write: (line) => void lines.push(line) } });
    app.get('/api/essai/erreur-sql', { config: { access: 'public' } }, async () => db.execute(sql`select ${'parametre-confidentiel'}::int as n`));
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/essai/erreur-sql' });
      expect(res.statusCode).toBe(500);
      const errors = lines.map((line) => JSON.parse(line) as { level: number; err?: { code?: string } }).filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.err).toMatchObject({ code: '22P02' });
      expect(lines.join('\n')).not.toContain('parametre-confidentiel');
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
