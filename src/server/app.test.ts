import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createTestApp } from './test/app';

const { app } = await createTestApp();

describe('foundation', () => {
  it('reports a healthy database on /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
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

  it('sends the security headers with a CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('frame-src https://meet.jit.si');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
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
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '0' })).toThrow(/DATABASE_LOCK_TIMEOUT_MS doit valoir au moins 100 ms/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'bientôt' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS doit être un nombre de millisecondes/);
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
});
