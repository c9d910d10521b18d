import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { openTestDatabase } from '../../test/database';
import { createTestApp, createUser } from '../../test/helpers';
import { ensureAdminAccount } from './admin-account';

const withAdmin = await createTestApp({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AdminEco2026' });
// Its own database (not the app's): every test starts from an empty users table.
const database: Database = await openTestDatabase();
afterAll(() => database.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** "On an empty database" is the rule under test: no user at all. */
async function emptyDb() {
  await database.db.delete(users);
  return database.db;
}

function fakeLog() {
  return { info: vi.fn(), warn: vi.fn() };
}

describe('ensureAdminAccount', () => {
  it('creates the ADMIN_EMAIL account with ADMIN_PASSWORD, lower-cased, approved', async () => {
    const db = await emptyDb();
    const log = fakeLog();
    await ensureAdminAccount(db, testConfig({ adminEmail: ' Chef@EcoForma.Test ', adminPassword: 'AdminEco2026' }), log);
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'chef@ecoforma.test', role: 'admin', isValid: true, firstname: 'Admin', lastname: 'EcoForma' });
    expect(rows[0]!.searchText).toBe('admin ecoforma chef@ecoforma.test');
    expect(await verifyPassword(rows[0]!.passwordHash, 'AdminEco2026')).toBe(true);
    expect(log.info).toHaveBeenCalledWith('Compte administrateur prêt : chef@ecoforma.test');
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('AdminEco2026');
  });

  it('at each start, makes an existing account with that email an approved admin with that password', async () => {
    const db = await emptyDb();
    const existing = await createUser(db, { email: 'chef@ecoforma.test', role: 'membre', isValid: false });
    await ensureAdminAccount(db, testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'NouveauMdp2026' }), fakeLog());
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing.id, role: 'admin', isValid: true, firstname: existing.firstname });
    expect(await verifyPassword(rows[0]!.passwordHash, 'NouveauMdp2026')).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash, 'Motdepasse1')).toBe(false);
  });

  it('changes nothing and warns when only one of ADMIN_EMAIL and ADMIN_PASSWORD is set', async () => {
    const db = await emptyDb();
    for (const config of [testConfig({ adminEmail: 'chef@ecoforma.test' }), testConfig({ adminPassword: 'AdminEco2026' })]) {
      const log = fakeLog();
      await ensureAdminAccount(db, config, log);
      expect(log.warn).toHaveBeenCalledWith('ADMIN_EMAIL et ADMIN_PASSWORD doivent être définis ensemble ; compte administrateur non modifié.');
    }
    expect(await db.select().from(users)).toHaveLength(0);
  });

  it('with neither set on an empty database, creates an admin with a random password printed once', async () => {
    const db = await emptyDb();
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    await ensureAdminAccount(db, testConfig(), fakeLog());
    await ensureAdminAccount(db, testConfig(), fakeLog());
    vi.restoreAllMocks();

    expect(printed).toHaveLength(1);
    const password = /Mot de passe : (\S+)/.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(printed[0]).toContain('E-mail : admin@ecoforma.local');
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@ecoforma.local'));
    expect(admin).toMatchObject({ role: 'admin', isValid: true });
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it('generates a different password on each new installation', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const db = await emptyDb();
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      await ensureAdminAccount(db, testConfig(), fakeLog());
      passwords.push(/Mot de passe : (\S+)/.exec(String(spy.mock.calls[0]![0]))![1]!);
      spy.mockRestore();
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('with neither set on a database that has users, creates nothing and prints nothing', async () => {
    const db = await emptyDb();
    await createUser(db, { email: 'membre@exemple.fr' });
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await ensureAdminAccount(db, testConfig(), fakeLog());
    expect(spy).not.toHaveBeenCalled();
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it('lets the ensured admin sign in through the API', async () => {
    const { app, db, config } = withAdmin;
    await ensureAdminAccount(db, config, fakeLog());
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'chef@ecoforma.test', password: 'AdminEco2026' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', is_valid: true });
  });
});
