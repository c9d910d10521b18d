import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../../shared/admin';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { createSession, type AuthUser } from '../../lib/sessions';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { deleteUser, setUserStatus } from './admin.service';

const { app, db } = await createTestApp();
const { app: soloApp, db: soloDb, storage: soloStorage } = await createTestApp();

function asActor(user: { id: number; email: string; firstname: string; lastname: string }): AuthUser {
  return { ...user, role: 'admin', is_valid: true, sessionId: 0 };
}

function revoke(target: number, headers: Record<string, string>, on = app) {
  return on.inject({ method: 'PUT', url: `/api/admin/users/${target}/status`, headers, payload: { is_valid: false } });
}

describe('revoking an administrator', () => {
  it('disables them: sign-in refused with account_disabled, no session is written', async () => {
    const chief = await createUser(db, { role: 'admin' });
    const revoked = await createUser(db, { role: 'admin' });
    expect((await revoke(revoked.id, await authHeader(db, chief))).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: revoked.email, password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'account_disabled', message: 'Votre compte a été désactivé. Veuillez contacter le support.' });
  });

  it('refuses a session written after the revocation (a login racing it): the revoked admin cannot act', async () => {
    const chief = await createUser(db, { role: 'admin' });
    const revoked = await createUser(db, { role: 'admin' });
    await revoke(revoked.id, await authHeader(db, chief));
    const late = { authorization: `Bearer ${await createSession(db, revoked.id)}` };
    const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: late });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: late })).statusCode).toBe(401);
  });

  it('lets a re-approved administrator sign in again', async () => {
    const chief = await createUser(db, { role: 'admin' });
    const chiefAuth = await authHeader(db, chief);
    const other = await createUser(db, { role: 'admin' });
    await revoke(other.id, chiefAuth);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${other.id}/status`, headers: chiefAuth, payload: { is_valid: true } });
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: other.email, password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the last active administrator', () => {
  async function activeAdmins(): Promise<number[]> {
    const rows = await soloDb.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.isValid, true)));
    return rows.map((r) => r.id);
  }

  async function onlyOneAdminLeft() {
    await soloDb.delete(users);
    const a = await createUser(soloDb, { role: 'admin' });
    const b = await createUser(soloDb, { role: 'admin' });
    return { a, b };
  }

  it('cannot be revoked, even by an administrator revoked a moment before (French message, 422)', async () => {
    const { a, b } = await onlyOneAdminLeft();
    await setUserStatus(soloDb, asActor(a), b.id, false);
    // b's request was already past the access check when a revoked them.
    await expect(setUserStatus(soloDb, asActor(b), a.id, false)).rejects.toMatchObject({
      statusCode: 422,
      code: 'validation_failed',
      message: adminMessages.lastAdminRevoke,
    });
    expect(await activeAdmins()).toEqual([a.id]);
  });

  it('cannot be deleted either', async () => {
    const { a, b } = await onlyOneAdminLeft();
    await setUserStatus(soloDb, asActor(a), b.id, false);
    await expect(deleteUser({ db: soloDb, storage: soloStorage, modules: [], config: testConfig() }, asActor(b), a.id)).rejects.toMatchObject({
      statusCode: 422,
      message: adminMessages.lastAdminDelete,
    });
    expect(await activeAdmins()).toEqual([a.id]);
  });

  it('stays when two administrators revoke each other at the same moment', async () => {
    const { a, b } = await onlyOneAdminLeft();
    const [ab, ba] = await Promise.all([
      revoke(b.id, await authHeader(soloDb, a), soloApp),
      revoke(a.id, await authHeader(soloDb, b), soloApp),
    ]);
    const codes = [ab.statusCode, ba.statusCode].sort((x, y) => x - y);
    // One wins; the other is refused, by the lock (422) or, if it came second, by its ended session (401).
    expect(codes[0]).toBe(200);
    expect([401, 422]).toContain(codes[1]);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('still lets an administrator revoke or delete another while one active administrator remains', async () => {
    const { a, b } = await onlyOneAdminLeft();
    const c = await createUser(soloDb, { role: 'admin' });
    const aAuth = await authHeader(soloDb, a);
    expect((await revoke(b.id, aAuth, soloApp)).statusCode).toBe(200);
    expect((await soloApp.inject({ method: 'DELETE', url: `/api/admin/users/${c.id}`, headers: aAuth })).statusCode).toBe(204);
    // A disabled administrator is not the last active one: it may be deleted.
    expect((await soloApp.inject({ method: 'DELETE', url: `/api/admin/users/${b.id}`, headers: aAuth })).statusCode).toBe(204);
    expect(await activeAdmins()).toEqual([a.id]);
  });
});
