import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/shared/errors';
import { isDatabaseUnavailable } from '../../src/server/lib/db-errors';
import { testEngine } from '../../src/server/test/database';
import { authHeader, createUser, DEFAULT_PASSWORD, insertCourse } from '../../src/server/test/factories';
import { openProxiedApp, type ProxiedApp } from './proxied-app';

/**
 * A database that stops answering without closing its sockets (a silent network), and a table
 * held by a lock: every wait is bounded, the API answers 503 instead of hanging, public reads that
 * do not need the locked table keep answering, the API recovers by itself, and the outage takes a
 * few log lines, none with a request's values. PostgreSQL only: PGlite lives inside the process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const onPostgres = testEngine === 'postgres' && Boolean(serverUrl);

/** Short limits, so the test waits seconds, not the production defaults. */
const timeouts = { connectMs: 1000, statementMs: 1000, queryMs: 2000, lockMs: 300, idleInTransactionMs: 5000 };
/** Longest a call may take while the network is stalled: a read timeout, then a connection timeout, and slack for a busy machine. */
const STALLED_ANSWER_WITHIN_MS = timeouts.queryMs + timeouts.connectMs + 2000;

describe.skipIf(!onPostgres)('database stalled or table locked (PostgreSQL only: skipped on PGlite or without TEST_DATABASE_URL)', () => {
  let env: ProxiedApp;
  const logLines: string[] = [];
  let auth: { authorization: string };
  let email: string;
  /** Values that reach SQL as parameters during the outage and must never reach a log line. */
  const secretEmail = `parametre-secret-${Date.now()}@exemple.fr`;
  const secretSearch = 'motcherchesecret';
  const processFailures: string[] = [];
  const onProcessFailure = (reason: unknown) => processFailures.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));

  beforeAll(async () => {
    process.on('unhandledRejection', onProcessFailure);
    process.on('uncaughtException', onProcessFailure);
    env = await openProxiedApp(serverUrl!, { timeouts, config: { logLevel: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
    const user = await createUser(env.database.db, { role: 'formateur' });
    await insertCourse(env.database.db, user.id, { title: 'Compostage collectif' });
    email = user.email;
    auth = await authHeader(env.database.db, user);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onProcessFailure);
    process.off('uncaughtException', onProcessFailure);
    await env?.close();
  });

  let ipSequence = 0;
  const calls = {
    health: () => env.app.inject({ method: 'GET', url: '/api/health' }),
    catalogue: () => env.app.inject({ method: 'GET', url: '/api/courses' }),
    search: () => env.app.inject({ method: 'GET', url: `/api/courses?q=${secretSearch}` }),
    categories: () => env.app.inject({ method: 'GET', url: '/api/categories' }),
    login: (address = email) =>
      env.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: address, password: DEFAULT_PASSWORD },
        // A fresh address each time: the per-address failure limit is not what this test is about.
        remoteAddress: `10.9.${Math.floor(++ipSequence / 250)}.${ipSequence % 250}`,
      }),
    profile: () => env.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth }),
  };

  async function timed(call: () => Promise<LightMyRequestResponse>) {
    const start = performance.now();
    const res = await call();
    return { res, ms: performance.now() - start };
  }

  function expectUnavailable(name: string, res: LightMyRequestResponse) {
    expect({ name, status: res.statusCode, body: res.json() }).toEqual({
      name,
      status: 503,
      body: name === 'health' ? { status: 'degraded', database: 'unavailable', storage: 'ok' } : { error_code: 'server_error', message: errorMessages.server_error },
    });
  }

  /**
   * True once every call answers 200 three rounds in a row, within a bound that proves no hang. The
   * pool may still lend a silent connection or two: each costs one request its read timeout, then is dropped.
   */
  async function healthyAgain(): Promise<boolean> {
    const deadline = Date.now() + 20_000;
    let healthyRounds = 0;
    while (healthyRounds < 3 && Date.now() < deadline) {
      const statuses = await Promise.all([calls.health(), calls.catalogue(), calls.categories(), calls.login(), calls.profile()].map(async (p) => (await p).statusCode));
      healthyRounds = statuses.every((status) => status === 200) ? healthyRounds + 1 : 0;
    }
    return healthyRounds === 3;
  }

  it('answers normally while the network carries bytes', async () => {
    for (const name of ['health', 'catalogue', 'categories', 'login', 'profile'] as const) {
      expect({ name, status: (await calls[name]()).statusCode }).toEqual({ name, status: 200 });
    }
  });

  it('transactions caught by a stall fail within the limits, and their connections leave the pool', async () => {
    await Promise.all(Array.from({ length: 10 }, () => calls.catalogue()));
    env.proxy.stall();
    // Drizzle does not release a client whose BEGIN fails: without the pool's guard, each would be lost for good.
    const transactions = Array.from({ length: 12 }, () =>
      env.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .then(
          () => new Error('the transaction went through a stalled network'),
          (error: unknown) => error,
        ),
    );
    const start = performance.now();
    const outcomes = await Promise.all(transactions);
    for (const outcome of outcomes) expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(performance.now() - start).toBeLessThan(STALLED_ANSWER_WITHIN_MS * 2);
    await env.proxy.restore();
    expect(await healthyAgain()).toBe(true);
  });

  it('answers 503 within the time limits, never hanging, while the network is stalled', async () => {
    // Every pooled connection open and idle, so the stall catches them all.
    await Promise.all(Array.from({ length: 10 }, () => calls.catalogue()));
    env.proxy.stall();
    for (let round = 0; round < 2; round++) {
      const named = [
        ...(['health', 'catalogue', 'search', 'categories', 'profile'] as const).map((name) => ({ name, call: calls[name] })),
        ...Array.from({ length: 6 }, () => ({ name: 'login', call: () => calls.login(secretEmail) })),
        ...Array.from({ length: 6 }, () => ({ name: 'catalogue', call: calls.catalogue })),
      ];
      const answers = await Promise.all(named.map(async ({ name, call }) => ({ name, ...(await timed(call)) })));
      for (const { name, res, ms } of answers) {
        expectUnavailable(name, res);
        expect(ms, `${name} answered in ${Math.round(ms)} ms`).toBeLessThan(STALLED_ANSWER_WITHIN_MS);
      }
    }
    expect(processFailures).toEqual([]);
  });

  it('recovers by itself once the network is back, though the connections opened before stay silent for good', async () => {
    await env.proxy.restore();
    expect(await healthyAgain()).toBe(true);
    expect(processFailures).toEqual([]);
  });

  it('a locked users table: the catalogue and the themes keep answering, calls that need users get 503 quickly, all answer once the lock is gone', async () => {
    const locker = new pg.Client({ connectionString: env.directUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      for (let round = 0; round < 3; round++) {
        const named = [
          ...Array.from({ length: 8 }, () => ({ name: 'profile', call: calls.profile })),
          ...Array.from({ length: 4 }, () => ({ name: 'login', call: () => calls.login() })),
          ...Array.from({ length: 4 }, () => ({ name: 'catalogue', call: calls.catalogue })),
          ...Array.from({ length: 4 }, () => ({ name: 'categories', call: calls.categories })),
        ];
        const answers = await Promise.all(named.map(async ({ name, call }) => ({ name, ...(await timed(call)) })));
        for (const { name, res, ms } of answers) {
          if (name === 'catalogue' || name === 'categories') {
            expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
          } else {
            expectUnavailable(name, res);
          }
          expect(ms, `${name} answered in ${Math.round(ms)} ms`).toBeLessThan(3000);
        }
        const catalogue = (await calls.catalogue()).json();
        expect(catalogue.items.map((c: { title: string; user: { name: string } }) => c.title)).toContain('Compostage collectif');
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await calls.profile()).statusCode).toBe(200);
    expect((await calls.login()).statusCode).toBe(200);
    expect(processFailures).toEqual([]);
  });

  it('logs the outage in a few lines (one when it starts, one when it ends), with no value of the requests', async () => {
    // The return is noticed by the probe the outage log runs every few seconds.
    const deadline = Date.now() + 15_000;
    while (!logLines.some((line) => line.includes('de nouveau disponible')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const parsed = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const warnings = parsed.filter((line) => line.level >= 40).map((line) => line.msg);
    // The stall refused dozens of requests: one line when it started, one when it ended. The lock
    // stopped statements at lock_timeout: the database answered, so one "too slow" line, no outage.
    // The probe notices the return at its own pace: the order of the last two lines may vary.
    expect(warnings.toSorted()).toEqual([
      'Base de données indisponible\u00a0: les requêtes qui en dépendent reçoivent 503',
      'Requêtes arrêtées par une limite de temps de la base de données (trop lentes)\u00a0: 503',
      'Base de données de nouveau disponible',
    ].toSorted());
    const all = logLines.join('\n');
    for (const secret of [secretEmail, secretSearch, DEFAULT_PASSWORD, 'params:', 'select ']) expect(all).not.toContain(secret);
  });
});
