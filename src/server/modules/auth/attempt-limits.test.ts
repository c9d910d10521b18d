import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import * as passwords from '../../lib/passwords';
import { createTestApp } from '../../test/app';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';

// Counts the argon2 hashes and verifies the routes really run (the originals still do the work).
vi.mock('../../lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/passwords')>();
  return {
    ...original,
    hashPassword: vi.fn(original.hashPassword),
    verifyPassword: vi.fn(original.verifyPassword),
    burnPasswordCheck: vi.fn(original.burnPasswordCheck),
  };
});

const { app, db } = await createTestApp();
const limited = await createTestApp({ signupLimitPerAddress: 3 });

let ipSequence = 0;
function newIp(): string {
  ipSequence++;
  return `10.77.${Math.floor(ipSequence / 250)}.${1 + (ipSequence % 250)}`;
}

function email(prefix = 'limite'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@exemple.fr`;
}

function login(payload: Record<string, unknown>, ip = newIp()) {
  return app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: ip });
}

function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Camille',
    lastname: 'Durand',
    email: email('inscription'),
    gender: 'female',
    birthdate: '1990-05-17',
    password: 'Motdepasse1',
    role: 'membre',
    ...overrides,
  };
}

/** How many argon2 verifications (real or dummy) ran during `work`. */
async function verifiesDuring(work: () => Promise<unknown>): Promise<number> {
  const verify = vi.mocked(passwords.verifyPassword);
  const burn = vi.mocked(passwords.burnPasswordCheck);
  const before = verify.mock.calls.length + burn.mock.calls.length;
  await work();
  // burnPasswordCheck verifies through the module's own binding, so each attempt counts once.
  return verify.mock.calls.length + burn.mock.calls.length - before;
}

function statuses(responses: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

describe('login attempts are counted before the password is verified', () => {
  it('lets at most 5 of 12 concurrent wrong passwords on one account be verified; the others are locked out', async () => {
    const user = await createUser(db);
    const verify = vi.mocked(passwords.verifyPassword);
    const before = verify.mock.calls.length;
    const responses = await Promise.all(Array.from({ length: 12 }, () => login({ email: user.email, password: 'Mauvais1' })));
    expect(statuses(responses)).toEqual({ 401: 5, 423: 7 });
    expect(verify.mock.calls.length - before).toBe(5);
    // Locked even for the right password now.
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(423);
  });

  it('lets at most 20 of 60 concurrent failures from one address through; the others answer 429 unverified', async () => {
    const ip = newIp();
    let responses: Array<{ statusCode: number }> = [];
    const verifies = await verifiesDuring(async () => {
      responses = await Promise.all(Array.from({ length: 60 }, () => login({ email: email('balayage'), password: 'Mauvais1' }, ip)));
    });
    expect(statuses(responses)).toEqual({ 401: 20, 429: 40 });
    expect(verifies).toBe(20);
  });

  it('signs in 20 people at once from one address, again and again (a success gives its attempt back)', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
    const ip = newIp();
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(people.map((p) => login({ email: p.email, password: DEFAULT_PASSWORD }, ip)));
      expect(statuses(responses)).toEqual({ 200: 20 });
    }
  });
});

describe('lockout of an unknown e-mail', () => {
  it('answers an unknown e-mail exactly as a real account: 401 five times, then the same 423', async () => {
    const real = await createUser(db);
    const unknown = email('inconnu');
    const answers = async (address: string) => {
      const out: Array<{ status: number; body: string }> = [];
      for (let i = 0; i < 7; i++) {
        const res = await login({ email: address, password: 'Mauvais1' });
        out.push({ status: res.statusCode, body: res.body });
      }
      return out;
    };
    const forReal = await answers(real.email);
    const forUnknown = await answers(unknown);
    expect(forReal.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 423, 423]);
    expect(forUnknown).toEqual(forReal);
    expect(JSON.parse(forUnknown[5]!.body)).toEqual({
      error_code: 'account_locked',
      message: 'Compte temporairement verrouillé après plusieurs tentatives. Réessayez dans 15 minutes.',
    });
  });
});

describe('signup limit per address', () => {
  const signup = (payload: Record<string, unknown>, ip: string) =>
    limited.app.inject({ method: 'POST', url: '/api/signup', payload, remoteAddress: ip });

  it('accepts 3 signups from one address in 10 minutes, refuses the 4th with 429, and not another address', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await signup(signupPayload(), ip)).statusCode).toBe(201);
    const refused = signupPayload();
    const res = await signup(refused, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error_code: 'too_many_attempts', message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' });
    expect(await limited.db.select().from(users).where(eq(users.email, refused.email))).toHaveLength(0);
    expect((await signup(signupPayload(), newIp())).statusCode).toBe(201);
  });

  it('creates at most 3 accounts when 10 signups from one address race', async () => {
    const ip = newIp();
    const responses = await Promise.all(Array.from({ length: 10 }, () => signup(signupPayload(), ip)));
    expect(statuses(responses)).toEqual({ 201: 3, 429: 7 });
  });

  it('refuses a refused signup before hashing anything', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) await signup(signupPayload(), ip);
    const hash = vi.mocked(passwords.hashPassword);
    const before = hash.mock.calls.length;
    expect((await signup(signupPayload(), ip)).statusCode).toBe(429);
    expect(hash.mock.calls.length).toBe(before);
  });
});

describe('signup with a taken e-mail', () => {
  it('answers 409 email_taken without computing an argon2 hash', async () => {
    const existing = await createUser(db);
    const hash = vi.mocked(passwords.hashPassword);
    const before = hash.mock.calls.length;
    const res = await app.inject({ method: 'POST', url: '/api/signup', payload: signupPayload({ email: existing.email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('email_taken');
    expect(hash.mock.calls.length).toBe(before);
  });
});
