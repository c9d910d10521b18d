import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig, testConfig } from './config';
import { createTestApp } from './test/app';
import { openTestDatabase } from './test/database';

const { app } = await createTestApp();

describe('foundation', () => {
  it('reports a healthy database on /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404, never the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error_code: 'not_found', message: 'Ressource introuvable.' });
  });

  it('answers malformed JSON with 400 invalid_request and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('is built without a query, so that the start builds it while the database opens (issue 16, goal 4)', async () => {
    const empty = await openTestDatabase();
    const dataDir = path.resolve('.tmp', `data-${randomBytes(6).toString('hex')}`);
    try {
      // No table at all: any query made while building would fail.
      await empty.db.execute(sql`drop schema public cascade`);
      await empty.db.execute(sql`create schema public`);
      const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web') });
      const built = await buildApp(config, empty.db);
      await built.ready();
      await built.close();
    } finally {
      await empty.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sends the API set of security headers with a JSON answer (decision 084)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.jitsiDomain).toBe('meet.jit.si');
    expect(config.meetingRoomPrefix).toBe('EcoForma');
    expect(config.maintenanceMode).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.dbTimeouts).toEqual({ connectMs: 3000, statementMs: 5000, queryMs: 8000, lockMs: 1000, idleInTransactionMs: 10000 });
  });

  it('reads the database time limits, and refuses a read timeout not above the statement timeout', () => {
    expect(loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '250', DATABASE_STATEMENT_TIMEOUT_MS: '2000', DATABASE_QUERY_TIMEOUT_MS: '3000' }).dbTimeouts).toMatchObject({ lockMs: 250, statementMs: 2000, queryMs: 3000 });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '8000' })).toThrow('DATABASE_QUERY_TIMEOUT_MS doit être supérieur à DATABASE_STATEMENT_TIMEOUT_MS');
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '0' })).toThrow('DATABASE_LOCK_TIMEOUT_MS doit être positif');
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'bientôt' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS doit être un nombre de millisecondes/);
  });

  it('runs one API process per core on PostgreSQL and one with PGlite, and refuses several on PGlite (decision 029)', () => {
    const pg = 'postgres://u@localhost/db';
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow('WEB_CONCURRENCY au-delà de 1 demande DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '0' })).toThrow('WEB_CONCURRENCY doit valoir au moins 1');
  });

  it('reads the trusted reverse proxies, and refuses anything but addresses and ranges (decision 034)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,2001:db8::/32' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    for (const bad of ['tous', '10.0.0.0/33', '127.0.0.1/8/8', ',', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY doit être une liste d’adresses IP ou de plages (10.0.0.0/8) séparées par des virgules');
    }
  });

  it('turns the demo seed off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).seedDemo).toBe(false);
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'peut-être' })).toThrow(/MAINTENANCE_MODE/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('bounds every request and the shutdown by default, and reads shorter limits', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 600_000,
      headersTimeoutMs: 30_000,
      connectionTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      shutdownGraceMs: 10_000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '2000', SHUTDOWN_GRACE_MS: '500' })).toMatchObject({
      requestTimeoutMs: 2000,
      headersTimeoutMs: 2000,
      shutdownGraceMs: 500,
    });
  });

  it('refuses a time limit of zero (no limit) and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow('REQUEST_TIMEOUT_MS doit être positif');
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'dix' })).toThrow('SHUTDOWN_GRACE_MS doit être un nombre de millisecondes');
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' })).toThrow('HEADERS_TIMEOUT_MS ne doit pas dépasser REQUEST_TIMEOUT_MS');
  });

  it('keeps files on the local disk unless S3_BUCKET is set, then reads every S3 setting', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'ecoforma-fichiers', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'cle', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'prod/' }).s3,
    ).toEqual({ bucket: 'ecoforma-fichiers', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'cle', secretAccessKey: 'secret', forcePathStyle: true, prefix: 'prod/' });
  });

  it('refuses a bad bucket name, an endpoint that is no URL, and one S3 key without the other', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Mon_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'ecoforma', S3_ENDPOINT: 'pas une url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'ecoforma', S3_ACCESS_KEY_ID: 'cle' })).toThrow('S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble\u00a0: définissez les deux ou aucun');
  });
});
