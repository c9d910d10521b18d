import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { testEngine } from '../../src/server/test/database';
import { openProxiedApp, type ProxiedApp } from './proxied-app';
import type { TcpProxy } from './tcp-proxy';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../src/server/test/factories';

/**
 * The database becomes unreachable, then comes back. Only PostgreSQL can vanish from under a
 * running application (PGlite lives inside the process), and the shared PostgreSQL server must
 * keep serving the other test files: the application reaches it through a TCP proxy that the
 * test cuts (every socket destroyed, port closed) and restores on the same port.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = testEngine === 'postgres' && Boolean(serverUrl);

/** An unreachable database must be reported at once, not after a long hang. */
const ANSWER_WITHIN_MS = 3000;

describe.skipIf(!onPostgres)('database unreachable (PostgreSQL only: skipped on PGlite or without TEST_DATABASE_URL)', () => {
  let env: ProxiedApp;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let auth: { authorization: string };
  let email: string;
  const logLines: string[] = [];
  const processFailures: string[] = [];
  // Kept as text so a failure shows what escaped.
  const onProcessFailure = (reason: unknown) => processFailures.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));

  beforeAll(async () => {
    process.on('unhandledRejection', onProcessFailure);
    process.on('uncaughtException', onProcessFailure);
    env = await openProxiedApp(serverUrl!, { config: { logLevel: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
    ({ app, database, proxy } = env);

    const user = await createUser(database.db, { role: 'membre' });
    email = user.email;
    auth = await authHeader(database.db, user);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onProcessFailure);
    process.off('uncaughtException', onProcessFailure);
    await env?.close();
  });

  let ipSequence = 0;
  /** The calls a visitor and a signed-in user make, each timed. */
  const calls = {
    health: () => app.inject({ method: 'GET', url: '/api/health' }),
    catalogue: () => app.inject({ method: 'GET', url: '/api/courses' }),
    login: () =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: DEFAULT_PASSWORD },
        // A fresh address each time: the per-address failure limit is not what this test is about.
        remoteAddress: `10.7.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`,
      }),
    profile: () => app.inject({ method: 'GET', url: '/api/user/profile', headers: auth }),
  };

  async function timed(call: () => Promise<LightMyRequestResponse>) {
    const start = performance.now();
    const res = await call();
    return { res, ms: performance.now() - start };
  }

  it('answers normally while the database is reachable', async () => {
    expect((await calls.health()).statusCode).toBe(200);
    expect((await calls.catalogue()).statusCode).toBe(200);
    expect((await calls.login()).statusCode).toBe(200);
    expect((await calls.profile()).statusCode).toBe(200);
  });

  it('answers 503 server_error at once, without crashing, while the database is gone', async () => {
    await proxy.cut();
    // Several rounds: the first meets the pool's broken idle connections, later ones new refused connections.
    for (let round = 0; round < 3; round++) {
      const health = await timed(calls.health);
      expect(health.res.statusCode).toBe(503);
      expect(health.res.json()).toEqual({ status: 'degraded', database: 'unavailable', storage: 'ok' });
      expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
      for (const name of ['catalogue', 'login', 'profile'] as const) {
        const { res, ms } = await timed(calls[name]);
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({
          name,
          status: 503,
          body: { error_code: 'server_error', message: expect.any(String) },
        });
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
    }
    expect(processFailures).toEqual([]);
  });

  it('recovers by itself as soon as the database is back, without a restart', async () => {
    await proxy.restore();
    expect((await calls.health()).statusCode).toBe(200);
    expect((await calls.catalogue()).statusCode).toBe(200);
    const login = await calls.login();
    expect(login.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${login.json().accessToken}` } })).statusCode).toBe(200);
    expect((await calls.profile()).statusCode).toBe(200);
    expect(processFailures).toEqual([]);
  });

  it('a connection lost inside a transaction fails that transaction only, with no uncaught error event', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy.cut();
      // The socket closes while the connection is checked out of the pool, between two statements.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    await proxy.restore();
    expect(processFailures).toEqual([]);
    expect((await calls.catalogue()).statusCode).toBe(200);
  });

  it('cut in the middle of requests and signups: every call ends quickly, with 2xx or 503, and no half-written account', async () => {
    const signupEmails = Array.from({ length: 8 }, (_, i) => `coupure-${i}-${randomBytes(3).toString('hex')}@exemple.fr`);
    const signup = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          firstname: 'Camille',
          lastname: 'Durand',
          email: address,
          password: DEFAULT_PASSWORD,
          gender: 'female',
          birthdate: '1990-05-17',
          role: 'membre',
        },
      });
    // Warm the pool so requests are on open connections when the cut comes.
    await Promise.all(Array.from({ length: 10 }, () => calls.catalogue()));
    const inFlight = [
      ...signupEmails.map((address) => timed(() => signup(address))),
      ...Array.from({ length: 8 }, () => timed(calls.catalogue)),
      ...Array.from({ length: 8 }, () => timed(calls.profile)),
      ...Array.from({ length: 4 }, () => timed(calls.login)),
    ];
    // Cut as soon as the first answer is out: some calls are done, the rest are mid-flight.
    await Promise.race(inFlight);
    await proxy.cut();
    const answers = await Promise.all(inFlight);
    for (const { res, ms } of answers) {
      expect([200, 201, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json().error_code).toBe('server_error');
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS + 1000);
    }

    await proxy.restore();
    // A signup is one transaction: whatever its answer, the account is either whole and usable, or absent.
    for (const [i, address] of signupEmails.entries()) {
      const [row] = await database.db.select().from(users).where(eq(users.email, address));
      if (answers[i]!.res.statusCode === 201) expect(row).toBeDefined();
      if (!row) continue;
      expect(row).toMatchObject({ firstname: 'Camille', lastname: 'Durand', role: 'membre', isValid: true, birthdate: '1990-05-17' });
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: address, password: DEFAULT_PASSWORD }, remoteAddress: `10.8.0.${i + 1}` });
      expect(login.statusCode).toBe(200);
    }
    expect((await calls.catalogue()).statusCode).toBe(200);
    expect((await calls.profile()).statusCode).toBe(200);
    expect(processFailures).toEqual([]);
  });

  it('logged the cuts in one error line, not one per refused request, with none of their values', () => {
    const parsed = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    // The back line depends on whether the probe ran between a restore and the next cut.
    expect(parsed.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503']);
    expect(parsed.filter((line) => line.level === 40).every((line) => line.msg === 'Base de données de nouveau disponible')).toBe(true);
    const all = logLines.join('\n');
    for (const value of [email, DEFAULT_PASSWORD, 'coupure-', 'params:']) expect(all).not.toContain(value);
  });
});
