import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { countAnswers, databaseReadiness } from '../../db/readiness';
import { createTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';

const ctx = await createTestApp();
// The same application on a database that has gone away.
const gone = await openTestDatabase();
await gone.close();
const orphan = await buildApp(ctx.config, gone.db, { storage: ctx.storage });

describe('liveness and readiness', () => {
  it('answers the liveness check 200 without reading anything, the readiness check 200 when all serves', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', database: 'ok', storage: 'ok' }]);
  });

  it('keeps the process alive (200) but not ready (503) when its database has gone', async () => {
    expect((await orphan.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await orphan.inject({ method: 'GET', url: '/api/health' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'degraded', database: 'unavailable', storage: 'ok' }]);
  });
});

describe('databaseReadiness', () => {
  /** A database whose check never answers, having answered `answered()` statements so far. */
  function stalled(answered: () => number): Db {
    const db = { execute: () => new Promise(() => {}) } as unknown as Db;
    countAnswers(db, answered);
    return db;
  }

  it('calls a database busy when its check waits past the limit while other statements complete', async () => {
    let answered = 0;
    const progressing = setInterval(() => answered++, 20);
    try {
      expect(await databaseReadiness(stalled(() => answered), 150)).toBe('busy');
    } finally {
      clearInterval(progressing);
    }
  });

  it('calls it unavailable when nothing completes meanwhile, or when the check fails', async () => {
    expect(await databaseReadiness(stalled(() => 7), 100)).toBe('unavailable');
    expect(await databaseReadiness({ execute: () => Promise.reject(new Error('PGlite is closed')) } as unknown as Db, 100)).toBe('unavailable');
  });
});
