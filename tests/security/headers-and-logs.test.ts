import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { eq } from 'drizzle-orm';
import { testConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { EARLY_REQUESTS_SCRIPT_HASH } from '../../src/server/lib/early-requests';
import { mailOutbox } from '../../src/server/db/schema';
import { createMailWorker } from '../../src/server/lib/mail/worker';
import { openTestDatabase } from '../../src/server/test/database';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser } from '../../src/server/test/factories';
import { multipartBody, pdfDocument } from '../../src/server/test/files';

/**
 * Security headers on every page and API answer, and session tokens kept out of URLs and logs.
 */

/** A built SPA in miniature: what the server needs to serve pages and their history fallback. */
async function fakeWebDist(): Promise<string> {
  const dir = path.resolve('.tmp', `web-dist-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>EcoForma</title><script type="module" src="/assets/app-3f2a.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(dir, 'assets', 'app-3f2a.js'), 'console.log("EcoForma");');
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

const webDistDir = await fakeWebDist();
const defaultApp = await createTestApp({ webDistDir });
const customApp = await createTestApp({ webDistDir, jitsiDomain: 'visio.ecoforma.example:8443' });

/** `default-src 'self'; frame-src x` -> { 'default-src': ["'self'"], 'frame-src': ['x'] } */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, jitsiDomain: string, label: string): void {
  const csp = parseCsp(res.headers['content-security-policy']);
  expect(csp['frame-src'], `${label}: frame-src`).toEqual(["'self'", `https://${jitsiDomain}`]);
  // One inline script, by its hash: the player's early requests (decision 035); never 'unsafe-inline'.
  expect(csp['script-src'], `${label}: script-src`).toEqual(["'self'", EARLY_REQUESTS_SCRIPT_HASH, `https://${jitsiDomain}`]);
  expect(csp['script-src-attr'], `${label}: script-src-attr`).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], `${label}: frame-ancestors`).toEqual(["'self'"]);
  expect(csp['default-src'], `${label}: default-src`).toEqual(["'self'"]);
  expect(csp['object-src'], `${label}: object-src`).toEqual(["'none'"]);
  expect(csp['base-uri'], `${label}: base-uri`).toEqual(["'self'"]);
  expect(csp['connect-src'], `${label}: connect-src`).toEqual(["'self'"]);
  // No other origin may be framed, run scripts, or be reached, whatever the directive.
  for (const [name, values] of Object.entries(csp)) {
    for (const value of values) {
      expect(['*', "'unsafe-eval'", 'http:', 'https:'], `${label}: ${name}`).not.toContain(value);
      expect(value, `${label}: ${name}`).not.toMatch(/^http:\/\/|\*/);
      if (value.startsWith('https://')) expect(`${name} ${value}`, label).toBe(`${name} https://${jitsiDomain}`);
    }
  }
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${label}: referrer-policy`).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], `${label}: x-frame-options`).toBe('SAMEORIGIN');
}

/**
 * An answer that is data (JSON, or no body) carries the API's set (decision 084, the OWASP REST
 * Security Cheat Sheet's): nothing may run in it, frame it, or read it from another origin.
 */
function expectApiSecurityHeaders(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['content-security-policy'], `${label}: CSP`).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(res.headers['x-frame-options'], `${label}: x-frame-options`).toBe('DENY');
  expect(res.headers['cross-origin-resource-policy'], `${label}: CORP`).toBe('same-origin');
  expect(res.headers['strict-transport-security'], `${label}: HSTS`).toMatch(/^max-age=\d{7,}/);
}

const pages = ['/', '/profile', '/login', '/user/courses/12', '/admin/dashboard', '/une/page/inconnue', '/assets/app-3f2a.js'];
const apiAnswers: Array<[string, string, number]> = [
  ['GET', '/api/health', 200],
  ['GET', '/api/courses', 200],
  ['GET', '/api/user/profile', 401],
  ['GET', '/api/admin/dashboard', 401],
  ['GET', '/api/route/inconnue', 404],
  ['POST', '/api/login', 422],
  ['GET', '/api/docs/json', 200],
];

describe('security headers', () => {
  it.each(pages)('serves %s with the CSP, nosniff and the referrer policy', async (url) => {
    const res = await defaultApp.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    if (!url.startsWith('/assets/')) expect(res.body).toContain('<div id="root">');
    expectSecurityHeaders(res, 'meet.jit.si', url);
  });

  it.each(apiAnswers)('answers %s %s (%i), JSON, with the API set', async (method, url, status) => {
    const res = await defaultApp.app.inject({ method: method as 'GET', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectApiSecurityHeaders(res, `${method} ${url}`);
  });

  it('answers an API call with no body (204) with the API set', async () => {
    const member = await createUser(defaultApp.db);
    const res = await defaultApp.app.inject({ method: 'POST', url: '/api/logout', headers: await authHeader(defaultApp.db, member) });
    expect(res.statusCode).toBe(204);
    expect(res.headers['content-type']).toBeUndefined();
    expectApiSecurityHeaders(res, 'POST /api/logout');
  });

  it('serves an API answer that is a document (the HTML of /api/docs) with the page set', async () => {
    const res = await defaultApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(res, 'meet.jit.si', 'GET /api/docs');
  });

  it('sends the pages opened from an e-mailed link (token in the address) with Referrer-Policy: no-referrer', async () => {
    for (const url of ['/reinitialiser-mot-de-passe?token=abc', '/confirmer-email?token=abc']) {
      const res = await defaultApp.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('follows JITSI_DOMAIN: frames and its script come from the configured server only', async () => {
    for (const url of ['/', '/admin/meeting/3', '/api/docs']) {
      const res = await customApp.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res, 'visio.ecoforma.example:8443', `custom ${url}`);
      expect(String(res.headers['content-security-policy'])).not.toContain('meet.jit.si');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Tokens and passwords never in a log line nor a URL

const ADMIN_PASSWORD = 'Admin-Journal-2026';
const MEMBER_PASSWORD = 'Membre-Secret-42';
const TRAINER_PASSWORD = 'Formateur-Secret-7';
const WRONG_PASSWORD = 'Pas-Le-Bon-99';
const RESET_PASSWORD = 'Reinitialise-Secret-5';

const logLines: string[] = [];
const logged = await buildLoggedApp();

async function buildLoggedApp(): Promise<{ app: FastifyInstance; db: Db; config: Config }> {
  const database = await openTestDatabase();
  const dataDir = path.resolve('.tmp', `data-${randomBytes(6).toString('hex')}`);
  const base = testConfig();
  const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir, logLevel: 'trace', mail: { ...base.mail, dir: path.join(dataDir, 'mail') } });
  const app = await buildApp(config, database.db, { logStream: { write: (line) => void logLines.push(line) } });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  // The administrator exists beforehand, as ADMIN_EMAIL/ADMIN_PASSWORD make it at start.
  await createUser(database.db, { role: 'admin', email: 'admin-journal@exemple.fr', password: ADMIN_PASSWORD });
  return { app, db: database.db, config };
}

describe('tokens and passwords stay out of URLs and logs', () => {
  const secrets = new Set<string>([ADMIN_PASSWORD, MEMBER_PASSWORD, TRAINER_PASSWORD, WRONG_PASSWORD]);
  const tokens = new Set<string>();
  let adminToken = '';
  const answers: Array<{ label: string; res: LightMyRequestResponse; mayCarryToken: boolean }> = [];

  async function call(label: string, options: InjectOptions, mayCarryToken = false) {
    const res = await logged.app.inject(options);
    answers.push({ label, res, mayCarryToken });
    return res;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('runs a realistic session at log level trace: signup, login, profile, upload, administration, logout', async () => {
    const signup = (email: string, password: string, role: string) =>
      call(`signup ${role}`, {
        method: 'POST',
        url: '/api/signup',
        payload: { firstname: 'Camille', lastname: 'Journal', email, password, gender: 'female', birthdate: '1990-05-17', role },
      }, true);
    const member = await signup('membre-journal@exemple.fr', MEMBER_PASSWORD, 'membre');
    const trainer = await signup('formateur-journal@exemple.fr', TRAINER_PASSWORD, 'formateur');
    expect([member.statusCode, trainer.statusCode]).toEqual([201, 201]);
    tokens.add(member.json().accessToken).add(trainer.json().accessToken);

    const refused = await call('login wrong password', { method: 'POST', url: '/api/login', payload: { email: 'membre-journal@exemple.fr', password: WRONG_PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const login = await call('login member', { method: 'POST', url: '/api/login', payload: { email: 'membre-journal@exemple.fr', password: MEMBER_PASSWORD, remember: true } }, true);
    expect(login.statusCode).toBe(200);
    const memberToken: string = login.json().accessToken;
    tokens.add(memberToken);

    expect((await call('profile', { method: 'GET', url: '/api/user/profile', headers: bearer(memberToken) })).statusCode).toBe(200);
    const profile = await call('profile update', {
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(memberToken),
      payload: { firstName: 'Camille', lastName: 'Journal', email: 'membre-journal@exemple.fr', phoneNumber: '06 12 34 56 78', birthDate: '1990-05-17', gender: 'female' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await call('catalogue', { method: 'GET', url: '/api/courses?q=compost&page=1', headers: bearer(memberToken) })).statusCode).toBe(200);

    const trainerToken: string = trainer.json().accessToken;
    const cv = multipartBody([{ name: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }]);
    const upload = await call('upload cv', { method: 'POST', url: '/api/upload-cv', headers: { ...cv.headers, ...bearer(trainerToken) }, payload: cv.payload });
    expect(upload.statusCode).toBe(201);
    const trainerId: number = trainer.json().user.id;

    const adminLogin = await call('login admin', { method: 'POST', url: '/api/login', payload: { email: 'admin-journal@exemple.fr', password: ADMIN_PASSWORD } }, true);
    expect(adminLogin.statusCode).toBe(200);
    adminToken = adminLogin.json().accessToken;
    tokens.add(adminToken);
    const asAdmin = bearer(adminToken);
    expect((await call('dashboard', { method: 'GET', url: '/api/admin/dashboard?q=journal&role=formateur', headers: asAdmin })).statusCode).toBe(200);
    expect((await call('user detail', { method: 'GET', url: `/api/admin/users/${trainerId}`, headers: asAdmin })).statusCode).toBe(200);
    expect((await call('cv download', { method: 'GET', url: `/api/admin/users/${trainerId}/cv`, headers: asAdmin })).statusCode).toBe(200);
    const meetingDate = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('meeting', { method: 'POST', url: `/api/admin/users/${trainerId}/meeting`, headers: asAdmin, payload: { meeting_date: meetingDate } })).statusCode).toBe(201);
    expect((await call('approve', { method: 'PUT', url: `/api/admin/users/${trainerId}/status`, headers: asAdmin, payload: { is_valid: true } })).statusCode).toBe(200);
    const created = await call('create account', {
      method: 'POST',
      url: '/api/admin/users',
      headers: asAdmin,
      payload: { firstname: 'Noé', lastname: 'Journal', email: 'cree-journal@exemple.fr', role: 'organisme' },
    });
    expect(created.statusCode).toBe(201);

    // Forgotten password: the e-mailed link's token appears in no log line, neither the API's
    // nor the mail worker's (which writes the .eml and names it), nor when the page is opened.
    expect((await call('forgot', { method: 'POST', url: '/api/password/forgot', payload: { email: 'formateur-journal@exemple.fr' } })).statusCode).toBe(202);
    const [queued] = await logged.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'password-reset'));
    const resetToken = new URLSearchParams(String(queued!.data!.path).split('?')[1]).get('token')!;
    tokens.add(resetToken);
    const [invitation] = await logged.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'account-invitation'));
    tokens.add(new URLSearchParams(String(invitation!.data!.path).split('?')[1]).get('token')!);
    // Each signup's "confirmez votre adresse" link too.
    const confirmations = await logged.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'email-confirm'));
    for (const row of confirmations) tokens.add(new URLSearchParams(String(row.data!.path).split('?')[1]).get('token')!);
    // The notifications of the session (application, interview, approval) carry an unsubscribe link: kept out of the logs too.
    const notices = await logged.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'notification'));
    expect(notices).toHaveLength(3);
    for (const notice of notices) tokens.add(String(notice.data!.unsubscribePath).split('/').at(-1)!);
    const worker = createMailWorker({ db: logged.db, config: logged.config, log: logged.app.log });
    expect((await worker.deliverDue()).sent).toBe(5 + confirmations.length);
    await worker.stop();
    expect(logLines.some((l) => l.includes('.eml'))).toBe(true);
    expect((await call('reset page', { method: 'GET', url: `/reinitialiser-mot-de-passe?token=${resetToken}` })).statusCode).toBe(200);
    secrets.add(RESET_PASSWORD);
    const resetAnswer = await call('reset', { method: 'POST', url: '/api/password/reset', payload: { token: resetToken, password: RESET_PASSWORD } });
    expect(resetAnswer.statusCode).toBe(200);

    // A forged or revoked token is refused, and not written down either.
    const forged = randomBytes(32).toString('base64url');
    tokens.add(forged);
    expect((await call('forged token', { method: 'GET', url: '/api/user/profile', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await call('logout', { method: 'POST', url: '/api/logout', headers: bearer(memberToken) })).statusCode).toBe(204);
    expect((await call('after logout', { method: 'GET', url: '/api/user/profile', headers: bearer(memberToken) })).statusCode).toBe(401);
  });

  it('ignores a token sent in the query string (401), whatever its name', async () => {
    for (const url of [`/api/admin/users/1/cv?token=${adminToken}`, `/api/user/profile?access_token=${adminToken}`, `/api/user/profile?${adminToken}`]) {
      const res = await call(`token in ${url.split('?')[0]}`, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('declares no query or path parameter that could carry a token (OpenAPI)', async () => {
    const spec = (await logged.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const parameters = Object.values(spec.paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.parameters ?? []));
    expect(parameters.length).toBeGreaterThan(5);
    for (const p of parameters) expect(`${p.in} ${p.name}`).not.toMatch(/token|auth|session|secret|password|key/i);
  });

  it('wrote log lines, none of them holding a token or a password', () => {
    expect(logLines.length).toBeGreaterThan(40);
    expect(logLines.some((l) => l.includes('/api/admin/dashboard?q=…&role=…'))).toBe(true);
    const leaks: string[] = [];
    for (const line of logLines) for (const secret of [...tokens, ...secrets]) if (line.includes(secret)) leaks.push(`${secret.slice(0, 6)}… in ${line.slice(0, 200)}`);
    expect(leaks.join('\n')).toBe('');
  });

  it('hands a token out only in the signup and login bodies: never in another answer, a header or a cookie', () => {
    for (const { label, res, mayCarryToken } of answers) {
      expect(res.headers['set-cookie'], label).toBeUndefined();
      expect(res.headers.location ?? '', label).not.toMatch(/token/i);
      const headers = JSON.stringify(res.headers);
      for (const token of tokens) {
        expect(headers.includes(token), `${label}: header`).toBe(false);
        if (!mayCarryToken) expect(res.body.includes(token), `${label}: body`).toBe(false);
      }
    }
  });
});
