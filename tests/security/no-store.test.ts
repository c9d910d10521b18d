import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../src/server/test/factories';

const { app, db } = await createTestApp();
const admin = await createUser(db, { role: 'admin' });

function noStore(res: { headers: Record<string, unknown> }): boolean {
  return String(res.headers['cache-control'] ?? '').split(',').map((d) => d.trim()).includes('no-store');
}

describe('Cache-Control: no-store on answers carrying a token or personal data', () => {
  it('marks login and signup, which hand out a token', async () => {
    const user = await createUser(db);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { firstname: 'Léa', lastname: 'Petit', email: 'lea.cache@exemple.fr', password: 'Motdepasse1', gender: 'female', birthdate: '1991-02-03', role: 'membre' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');
  });

  it('marks the profile, read and written', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const read = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const write = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: { firstName: 'Camille', lastName: 'Martin', email: user.email, birthDate: '1990-05-17', gender: 'female' },
    });
    expect(write.statusCode).toBe(200);
    expect(write.headers['cache-control']).toBe('no-store');
  });

  it('marks the administration lists, details and a created account', async () => {
    const headers = await authHeader(db, admin);
    const someone = await createUser(db);
    for (const url of ['/api/admin/dashboard', '/api/users?q=camille', `/api/admin/users/${someone.id}`]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers,
      payload: { firstname: 'Noé', lastname: 'Roux', email: 'noe.cache@exemple.fr', role: 'membre' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
  });

  it('marks every route that needs a session, whatever it answers', async () => {
    const guarded = app.apiRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    // Read as streams and closed once the headers are in: a live event stream never ends by itself.
    const send = async (route: (typeof guarded)[number], headers: Record<string, string>) => {
      const res = await app.inject({ method: route.method as 'GET', url: route.url.replace(/:\w+/g, '999999'), headers, payloadAsStream: true });
      res.stream().destroy();
      return res;
    };
    for (const route of guarded) {
      const signedIn = await send(route, await authHeader(db, admin));
      expect(noStore(signedIn), `${route.method} ${route.url} (${signedIn.statusCode})`).toBe(true);
      const anonymous = await send(route, {});
      expect(noStore(anonymous), `${route.method} ${route.url} anonyme`).toBe(true);
    }
  });

  it('marks the public attestation check and the invitation lookup, whoever asks (audit, issue 25)', async () => {
    // A cache must never go on saying "valide" after a revocation, nor keep an invited address.
    const check = await app.inject({ method: 'GET', url: `/api/certificates/${'A'.repeat(22)}` });
    expect([200, 404]).toContain(check.statusCode);
    expect(noStore(check)).toBe(true);
    const lookup = await app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token: 'x'.repeat(43) } });
    expect(noStore(lookup)).toBe(true);
  });

  it('marks a public read answered to a signed-in caller, and leaves the anonymous catalogue cacheable', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/courses' });
    expect(anonymous.statusCode).toBe(200);
    expect(noStore(anonymous)).toBe(false);
    const signedIn = await app.inject({ method: 'GET', url: '/api/courses', headers: await authHeader(db, await createUser(db)) });
    expect(noStore(signedIn)).toBe(true);
  });
});
