import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { settings, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { openTestDatabase } from '../../test/database';
import { BOOTSTRAP_ADMIN_SETTING, ensureAdminAccount } from './admin-account';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/factories';

const withAdmin = await createTestApp({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AdminEco2026' });
// Its own database (not the app's): every test starts from an empty users table.
const database: Database = await openTestDatabase();
afterAll(() => database.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** "On an empty database" is the rule under test: no user at all. */
async function emptyDb() {
  await database.db.delete(settings);
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
    expect(log.info).toHaveBeenCalledWith('Compte administrateur prêt\u00a0: chef@ecoforma.test');
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('AdminEco2026');
  });

  it('never promotes nor changes an account that is not an admin and holds ADMIN_EMAIL', async () => {
    const db = await emptyDb();
    const holder = await createUser(db, { email: 'chef@ecoforma.test', role: 'membre' });
    const log = fakeLog();
    await ensureAdminAccount(db, testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'NouveauMdp2026' }), log);
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: holder.id, role: 'membre', isValid: true, passwordHash: holder.passwordHash });
    expect(log.warn).toHaveBeenCalledWith(
      "L'adresse ADMIN_EMAIL (chef@ecoforma.test) appartient à un compte qui n'est pas administrateur\u00a0: il n'est ni promu ni modifié. Choisissez une adresse libre.",
    );
    expect(await db.select().from(settings)).toHaveLength(0);
  });

  it('records the created admin by id and leaves it alone at later starts, whatever ADMIN_PASSWORD says', async () => {
    const db = await emptyDb();
    await ensureAdminAccount(db, testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AdminEco2026' }), fakeLog());
    const [admin] = await db.select().from(users);
    expect(await db.select({ key: settings.key, value: settings.value }).from(settings)).toEqual([
      { key: BOOTSTRAP_ADMIN_SETTING, value: String(admin!.id) },
    ]);
    await ensureAdminAccount(db, testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AutreMdp2026' }), fakeLog());
    const [after] = await db.select().from(users);
    expect(after!.passwordHash).toBe(admin!.passwordHash);
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it('adopts an admin who already holds ADMIN_EMAIL (installations from before the record), without touching it', async () => {
    const db = await emptyDb();
    const existing = await createUser(db, { email: 'chef@ecoforma.test', role: 'admin' });
    await ensureAdminAccount(db, testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AutreMdp2026' }), fakeLog());
    const [row] = await db.select().from(users);
    expect(row).toMatchObject({ id: existing.id, role: 'admin', passwordHash: existing.passwordHash });
    expect(await db.select({ value: settings.value }).from(settings)).toEqual([{ value: String(existing.id) }]);
  });

  it('creates the admin again when the recorded one was deleted and the address is free', async () => {
    const db = await emptyDb();
    const config = testConfig({ adminEmail: 'chef@ecoforma.test', adminPassword: 'AdminEco2026' });
    await ensureAdminAccount(db, config, fakeLog());
    await db.delete(users);
    await ensureAdminAccount(db, config, fakeLog());
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'chef@ecoforma.test', role: 'admin' });
    expect(await db.select({ value: settings.value }).from(settings)).toEqual([{ value: String(rows[0]!.id) }]);
  });

  it('changes nothing and warns when only one of ADMIN_EMAIL and ADMIN_PASSWORD is set', async () => {
    const db = await emptyDb();
    for (const config of [testConfig({ adminEmail: 'chef@ecoforma.test' }), testConfig({ adminPassword: 'AdminEco2026' })]) {
      const log = fakeLog();
      await ensureAdminAccount(db, config, log);
      expect(log.warn).toHaveBeenCalledWith('ADMIN_EMAIL et ADMIN_PASSWORD doivent être définis ensemble\u00a0; compte administrateur non modifié.');
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
    const password = /Mot de passe\u00a0: (\S+)/.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(printed[0]).toContain('E-mail\u00a0: admin@ecoforma.local');
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
      passwords.push(/Mot de passe\u00a0: (\S+)/.exec(String(spy.mock.calls[0]![0]))![1]!);
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

  it('after the admin changes their e-mail, whoever signs up with the old one is not made admin at restart and keeps their password', async () => {
    const { app, db, config } = withAdmin;
    await ensureAdminAccount(db, config, fakeLog());
    // The administrator moves to another address, as opening an e-mail change link does.
    await db.update(users).set({ email: 'nouvelle-adresse@ecoforma.test' }).where(eq(users.email, 'chef@ecoforma.test'));

    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { firstname: 'Mallory', lastname: 'Intrus', email: 'chef@ecoforma.test', password: 'Intrusion2026', gender: 'male', birthdate: '1990-01-01', role: 'membre' },
    });
    expect(signup.statusCode).toBe(201);
    const intruderAuth = { authorization: `Bearer ${signup.json().accessToken}` };

    // The restart.
    await ensureAdminAccount(db, config, fakeLog());

    const [intruder] = await db.select().from(users).where(eq(users.email, 'chef@ecoforma.test'));
    expect(intruder).toMatchObject({ role: 'membre', firstname: 'Mallory' });
    expect(await verifyPassword(intruder!.passwordHash, 'Intrusion2026')).toBe(true);
    expect(await verifyPassword(intruder!.passwordHash, 'AdminEco2026')).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: intruderAuth })).statusCode).toBe(403);
    const relogin = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'chef@ecoforma.test', password: 'Intrusion2026' } });
    expect(relogin.json().user).toMatchObject({ role: 'membre' });
    // The real administrator still is one, under the new address.
    const adminLogin = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nouvelle-adresse@ecoforma.test', password: 'AdminEco2026' } });
    expect(adminLogin.json().user).toMatchObject({ role: 'admin' });
  });
});
