import { createHash, randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REMEMBER_SESSION_TTL_MS, SESSION_TTL_MS } from '../../../shared/constants';
import { normalizeSearch } from '../../../shared/text';
import { rateLimitCounters, sessions, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { randomSiret } from '../../test/siret';

const { app, db } = await createTestApp();
const maintenance = await createTestApp({ maintenanceMode: true });
/** Behind a reverse proxy at 192.0.2.10 (TRUST_PROXY, decision 034). */
const PROXY = '192.0.2.10';
const proxied = await createTestApp({ trustProxy: [PROXY] });

let ipSequence = 0;
/** Each test signs in from its own address, so the per-address limit of one never bleeds into another. */
function newIp(): string {
  ipSequence++;
  return `10.${Math.floor(ipSequence / 250)}.${ipSequence % 250}.${1 + (ipSequence % 200)}`;
}

function email(prefix = 'compte'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@exemple.fr`;
}

function signupPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Camille Durand',
    firstname: 'Camille',
    lastname: 'Durand',
    email: email('inscription'),
    gender: 'female',
    birthdate: '1990-05-17',
    phone_number: '',
    password: 'Motdepasse1',
    is_valid: true,
    role: 'membre',
    country: '',
    speciality: '',
    cin: '',
    cv: '',
    profil_picture: '',
    ...overrides,
  };
}

function signup(payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/signup', payload });
}

function login(payload: Record<string, unknown>, ip = newIp()) {
  return app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: ip });
}

/** Hits in the current window of a rate-limit counter (0 when it has none). */
async function hits(key: string, database = db): Promise<number> {
  const [row] = await database.select({ hits: rateLimitCounters.hits }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  return row?.hits ?? 0;
}

/** Moves a counter's window into the past, as time passing would. */
async function ageCounter(key: string, interval: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ windowStart: sql`${rateLimitCounters.windowStart} - ${interval}::interval` })
    .where(eq(rateLimitCounters.key, key));
}

async function userByEmail(address: string) {
  const [row] = await db.select().from(users).where(eq(users.email, address));
  return row;
}

async function userCount(address: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, address));
  return Number(row!.n);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Expects a 422 whose errors map holds exactly `message` for `field`. */
async function expectFieldError(payload: Record<string, unknown>, field: string, message: string, code = 'validation_failed') {
  const res = await signup(payload);
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body.error_code).toBe(code);
  expect(body.errors[field]).toEqual([message]);
  if (typeof payload.email === 'string') expect(await userCount(payload.email.trim().toLowerCase())).toBe(0);
}

describe('POST /api/signup', () => {
  it('creates a member and answers 201 with a token and the account', async () => {
    const payload = signupPayload();
    const res = await signup(payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const row = await userByEmail(payload.email as string);
    expect(body).toEqual({
      accessToken: expect.any(String),
      user: { id: row!.id, firstname: 'Camille', lastname: 'Durand', role: 'membre', email: payload.email, is_valid: true, email_confirmed: false },
    });
    expect(row!.gender).toBe('female');
    expect(row!.birthdate).toBe('1990-05-17');
    expect(row!.phoneNumber).toBeNull();
    expect(row!.searchText).toBe(normalizeSearch(`Camille Durand ${payload.email}`));
  });

  it('gives a token of 256 random bits and keeps only its SHA-256', async () => {
    const res = await signup(signupPayload());
    const { accessToken, user } = res.json();
    expect(Buffer.from(accessToken, 'base64url')).toHaveLength(32);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(accessToken));
    expect(JSON.stringify(rows)).not.toContain(accessToken);
    const expiresIn = rows[0]!.expiresAt.getTime() - Date.now();
    expect(Math.abs(expiresIn - SESSION_TTL_MS)).toBeLessThan(60_000);
  });

  it('stores the password hashed with argon2id, never as written', async () => {
    const payload = signupPayload();
    await signup(payload);
    const row = await userByEmail(payload.email as string);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('Motdepasse1');
  });

  it('decides is_valid itself: true for membre and organisme, false for formateur whatever is sent', async () => {
    const cases = [
      { role: 'membre', is_valid: false, expected: true },
      { role: 'organisme', is_valid: false, expected: true },
      { role: 'formateur', is_valid: true, expected: false },
    ];
    // An organisation signs up with its details (decision 025; the organisations module tests them).
    const organisation = { organisation_name: 'Asso Verte', siret: randomSiret(), sector: 'associatif', size_band: '10-49', address: '3 rue des Lilas', postal_code: '69003', city: 'Lyon', phone_number: '04 72 00 00 00' };
    for (const { role, is_valid, expected } of cases) {
      const payload = signupPayload({ role, is_valid, ...(role === 'organisme' ? organisation : {}) });
      const res = await signup(payload);
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ role, is_valid: expected });
      expect((await userByEmail(payload.email as string))!.isValid).toBe(expected);
    }
  });

  it('refuses the admin role with 422 and creates nothing', async () => {
    await expectFieldError(signupPayload({ role: 'admin' }), 'role', "Le rôle administrateur ne peut pas être choisi à l'inscription.");
  });

  it('refuses an unknown or missing role', async () => {
    await expectFieldError(signupPayload({ role: 'visiteur' }), 'role', 'Le rôle doit être Membre, Formateur ou Organisation.');
    await expectFieldError(signupPayload({ role: undefined }), 'role', 'Le rôle est obligatoire.');
  });

  it('stores the email trimmed and lower-cased', async () => {
    const address = email('Casse').toUpperCase();
    const res = await signup(signupPayload({ email: `  ${address}  ` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(address.toLowerCase());
    expect(await userCount(address.toLowerCase())).toBe(1);
  });

  it('refuses an email already used, whatever its case and spaces, with 409 email_taken', async () => {
    const address = email('doublon');
    expect((await signup(signupPayload({ email: address }))).statusCode).toBe(201);
    const res = await signup(signupPayload({ email: `  ${address.toUpperCase()} ` }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error_code: 'email_taken',
      message: 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.',
      errors: { email: ['Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.'] },
    });
    expect(await userCount(address)).toBe(1);
  });

  it('creates exactly one account when 50 signups race with one email', async () => {
    const address = email('course');
    const results = await Promise.all(Array.from({ length: 50 }, () => signup(signupPayload({ email: address }))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await userCount(address)).toBe(1);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
    const [sessionRows] = await db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(Number(sessionRows!.n)).toBe(1);
  });

  describe('email', () => {
    it('is required', async () => {
      await expectFieldError(signupPayload({ email: '' }), 'email', "L'adresse e-mail est obligatoire.");
      await expectFieldError(signupPayload({ email: '   ' }), 'email', "L'adresse e-mail est obligatoire.");
      await expectFieldError(signupPayload({ email: undefined }), 'email', "L'adresse e-mail est obligatoire.");
    });
    it('must have a valid format', async () => {
      for (const bad of ['camille', 'camille@', 'camille@exemple', 'cam ille@exemple.fr', '@exemple.fr']) {
        await expectFieldError(signupPayload({ email: bad }), 'email', "Format d'adresse e-mail invalide.");
      }
    });
    it('is at most 254 characters', async () => {
      const long = `${'a'.repeat(64)}@${'b'.repeat(180)}.exemple.fr`;
      expect(long.length).toBeGreaterThan(254);
      await expectFieldError(signupPayload({ email: long }), 'email', "L'adresse e-mail ne doit pas dépasser 254 caractères.");
    });
    it('must be text', async () => {
      await expectFieldError(signupPayload({ email: 42 }), 'email', 'Ce champ doit être un texte.');
    });
  });

  describe('first and last names', () => {
    it('are required', async () => {
      await expectFieldError(signupPayload({ firstname: '' }), 'firstname', 'Le prénom est obligatoire.');
      await expectFieldError(signupPayload({ firstname: '   ' }), 'firstname', 'Le prénom est obligatoire.');
      await expectFieldError(signupPayload({ firstname: undefined }), 'firstname', 'Le prénom est obligatoire.');
      await expectFieldError(signupPayload({ lastname: '' }), 'lastname', 'Le nom est obligatoire.');
      await expectFieldError(signupPayload({ lastname: null }), 'lastname', 'Le nom est obligatoire.');
    });

    it('accept 100 characters and refuse 101', async () => {
      const ok = signupPayload({ firstname: 'é'.repeat(100), lastname: 'L'.repeat(100) });
      expect((await signup(ok)).statusCode).toBe(201);
      await expectFieldError(signupPayload({ firstname: 'a'.repeat(101) }), 'firstname', 'Le prénom ne doit pas dépasser 100 caractères.');
      await expectFieldError(signupPayload({ lastname: 'a'.repeat(101) }), 'lastname', 'Le nom ne doit pas dépasser 100 caractères.');
    });

    it('refuse control characters', async () => {
      await expectFieldError(signupPayload({ firstname: 'Ca\nmille' }), 'firstname', 'Ce champ contient des caractères non autorisés.');
      await expectFieldError(signupPayload({ lastname: 'Du\u0000rand' }), 'lastname', 'Ce champ contient des caractères non autorisés.');
    });

    it('refuse bidi overrides, zero-width and line-separator characters, which disguise a name', async () => {
      const message = "Ce champ contient des caractères invisibles non autorisés (sens d'écriture, espace sans largeur, séparateur de ligne).";
      await expectFieldError(signupPayload({ firstname: 'Camille\u202Eelli' }), 'firstname', message);
      await expectFieldError(signupPayload({ lastname: 'Du\u200Brand' }), 'lastname', message);
      await expectFieldError(signupPayload({ lastname: 'Du\u2028rand' }), 'lastname', message);
      await expectFieldError(signupPayload({ speciality: '\u2067Écologie' }), 'speciality', message);
    });

    it('store accents, quotes, emoji and HTML exactly as written', async () => {
      const firstname = `Zoé-Anaïs "Łukasz" d'Artagnan 🌱`;
      const lastname = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;
      const payload = signupPayload({ firstname, lastname });
      const res = await signup(payload);
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ firstname, lastname });
      const row = await userByEmail(payload.email as string);
      expect(row!.firstname).toBe(firstname);
      expect(row!.lastname).toBe(lastname);
      expect(row!.searchText).toBe(normalizeSearch(`${firstname} ${lastname} ${payload.email}`));
    });
  });

  describe('password', () => {
    it('is required', async () => {
      await expectFieldError(signupPayload({ password: '' }), 'password', 'Le mot de passe est obligatoire.');
      await expectFieldError(signupPayload({ password: undefined }), 'password', 'Le mot de passe est obligatoire.');
    });
    it('has 8 to 128 characters', async () => {
      await expectFieldError(signupPayload({ password: 'Abcdef1' }), 'password', 'Le mot de passe doit contenir au moins 8 caractères.');
      expect((await signup(signupPayload({ password: 'Abcdefg1' }))).statusCode).toBe(201);
      expect((await signup(signupPayload({ password: `Aa1${'x'.repeat(125)}` }))).statusCode).toBe(201);
      await expectFieldError(signupPayload({ password: `Aa1${'x'.repeat(126)}` }), 'password', 'Le mot de passe ne doit pas dépasser 128 caractères.');
    });
    it('needs an uppercase letter, a lowercase letter and a digit', async () => {
      const message = 'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre.';
      await expectFieldError(signupPayload({ password: 'motdepasse1' }), 'password', message);
      await expectFieldError(signupPayload({ password: 'MOTDEPASSE1' }), 'password', message);
      await expectFieldError(signupPayload({ password: 'Motdepasse' }), 'password', message);
      expect((await signup(signupPayload({ password: 'Écologie2026' }))).statusCode).toBe(201);
    });
  });

  describe('gender', () => {
    it('is required', async () => {
      await expectFieldError(signupPayload({ gender: undefined }), 'gender', 'Le genre est obligatoire.');
      await expectFieldError(signupPayload({ gender: '' }), 'gender', 'Le genre est obligatoire.');
    });
    it('is female or male', async () => {
      await expectFieldError(signupPayload({ gender: 'autre' }), 'gender', 'Le genre doit être Femme ou Homme.');
      const payload = signupPayload({ gender: 'male' });
      expect((await signup(payload)).statusCode).toBe(201);
      expect((await userByEmail(payload.email as string))!.gender).toBe('male');
    });
  });

  describe('birthdate', () => {
    it('is required (validation_failed)', async () => {
      await expectFieldError(signupPayload({ birthdate: '' }), 'birthdate', 'La date de naissance est obligatoire.');
      await expectFieldError(signupPayload({ birthdate: undefined }), 'birthdate', 'La date de naissance est obligatoire.');
    });

    it('must be a real YYYY-MM-DD day, else invalid_date', async () => {
      for (const bad of ['1990-02-30', '1990-13-01', '17/05/1990', '1990-5-17', 'hier', '2023-02-29']) {
        const res = await signup(signupPayload({ birthdate: bad }));
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          error_code: 'invalid_date',
          message: 'Date de naissance non valide.',
          errors: { birthdate: ['Date de naissance non valide.'] },
        });
      }
      expect((await signup(signupPayload({ birthdate: '2024-02-29' }))).statusCode).toBe(201);
    });

    it('must be in the past: today and tomorrow are refused, yesterday is accepted', async () => {
      await expectFieldError(signupPayload({ birthdate: isoDay(1) }), 'birthdate', 'La date de naissance doit être dans le passé.', 'invalid_date');
      await expectFieldError(signupPayload({ birthdate: isoDay(0) }), 'birthdate', 'La date de naissance doit être dans le passé.', 'invalid_date');
      expect((await signup(signupPayload({ birthdate: isoDay(-1) }))).statusCode).toBe(201);
    });

    it('is not before 1900', async () => {
      await expectFieldError(signupPayload({ birthdate: '1899-12-31' }), 'birthdate', 'La date de naissance doit être dans le passé.', 'invalid_date');
      expect((await signup(signupPayload({ birthdate: '1900-01-01' }))).statusCode).toBe(201);
    });
  });

  describe('phone number', () => {
    it('is optional: absent, null or empty is stored as null', async () => {
      for (const phone_number of [undefined, null, '', '   ']) {
        const payload = signupPayload({ phone_number });
        expect((await signup(payload)).statusCode).toBe(201);
        expect((await userByEmail(payload.email as string))!.phoneNumber).toBeNull();
      }
    });

    it('accepts French and international numbers with spaces, dots or dashes, stored as written', async () => {
      for (const phone of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78', '+33 6 12 34 56 78', '+1 415 555 2671', '+212612345678']) {
        const payload = signupPayload({ phone_number: ` ${phone} ` });
        expect((await signup(payload)).statusCode).toBe(201);
        expect((await userByEmail(payload.email as string))!.phoneNumber).toBe(phone);
      }
    });

    it('refuses an implausible number with invalid_phone', async () => {
      for (const bad of ['abc', '12345', '06 12 34 56', '06 12 34 56 78 9', '0012345678', '+33', '+0 6 12 34 56 78', '06  12', '06/12/34/56/78', '-0612345678']) {
        const res = await signup(signupPayload({ phone_number: bad }));
        expect(res.statusCode, bad).toBe(422);
        expect(res.json()).toEqual({
          error_code: 'invalid_phone',
          message: 'Numéro de téléphone non valide.',
          errors: { phone_number: ['Numéro de téléphone non valide.'] },
        });
      }
    });
  });

  it('answers validation_failed with every field when several are wrong', async () => {
    const res = await signup(signupPayload({ firstname: '', birthdate: '1990-02-30', phone_number: 'abc' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error_code: 'validation_failed',
      message: 'Certaines informations sont invalides.',
      errors: {
        firstname: ['Le prénom est obligatoire.'],
        birthdate: ['Date de naissance non valide.'],
        phone_number: ['Numéro de téléphone non valide.'],
      },
    });
  });

  it('stores country and speciality when given and ignores cv and profil_picture', async () => {
    const payload = signupPayload({ country: ' France ', speciality: 'Biodiversité', cv: '../../etc/passwd', profil_picture: 'x.png' });
    expect((await signup(payload)).statusCode).toBe(201);
    const row = await userByEmail(payload.email as string);
    expect(row).toMatchObject({ country: 'France', speciality: 'Biodiversité', cvPath: null, profilPicture: null });
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/signup', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('invalid_request');
  });

  it('refuses a 2 MB JSON body with 413', async () => {
    const res = await signup(signupPayload({ firstname: 'a'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error_code: 'payload_too_large', message: 'La requête est trop volumineuse.' });
  });

  it('refuses a body that is not an object', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/signup', payload: [1, 2] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('validation_failed');
  });
});

describe('POST /api/login', () => {
  async function member(overrides: Parameters<typeof createUser>[1] = {}) {
    return createUser(db, { email: email('connexion'), ...overrides });
  }

  it('answers the token and the account', async () => {
    const user = await member({ firstname: 'Zoé', lastname: "O'Brien" });
    const res = await login({ email: user.email, password: DEFAULT_PASSWORD, remember: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      user: { id: user.id, role: 'membre', firstname: 'Zoé', lastname: "O'Brien", email: user.email, is_valid: true, email_confirmed: true },
    });
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('finds the account whatever the case and spaces of the email', async () => {
    const user = await member();
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('gives a 12-hour session, or a 30-day one with remember', async () => {
    const user = await member();
    for (const [remember, ttl] of [[false, SESSION_TTL_MS], [true, REMEMBER_SESSION_TTL_MS]] as const) {
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD, remember });
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, sha256(res.json().accessToken)));
      expect(Math.abs(row!.expiresAt.getTime() - Date.now() - ttl)).toBeLessThan(60_000);
    }
  });

  it('lets formateurs waiting for approval sign in', async () => {
    const trainer = await member({ role: 'formateur', isValid: false });
    const res = await login({ email: trainer.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'formateur', is_valid: false });
  });

  it('answers invalid_credentials with the same body for a wrong password and an unknown email', async () => {
    const user = await member();
    const wrong = await login({ email: user.email, password: 'Mauvais1' });
    const unknown = await login({ email: email('inconnu'), password: 'Mauvais1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error_code: 'invalid_credentials', message: 'Adresse e-mail ou mot de passe incorrect.' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const user = await member();
    const time = async (payload: Record<string, unknown>) => {
      const start = performance.now();
      await login(payload);
      return performance.now() - start;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    await time({ email: email('chauffe'), password: 'Mauvais1' });
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time({ email: user.email, password: 'Mauvais1' }));
      unknown.push(await time({ email: email('inconnu'), password: 'Mauvais1' }));
      // Keep the account below the lockout threshold.
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, `login:email:${user.email}`));
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('records each failure on the e-mail (known or not) and on the address', async () => {
    const user = await member();
    const ip = newIp();
    const unknown = email('inconnu');
    await login({ email: user.email, password: 'Mauvais1' }, ip);
    await login({ email: unknown, password: 'Mauvais1' }, ip);
    expect(await hits(`login:ip:${ip}`)).toBe(2);
    expect(await hits(`login:email:${user.email}`)).toBe(1);
    expect(await hits(`login:email:${unknown}`)).toBe(1);
  });

  describe('empty and malformed input', () => {
    it('answers empty_fields when the email or the password is empty or missing', async () => {
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ email: '', password: 'Motdepasse1' }, { email: ['Veuillez saisir votre adresse e-mail'] }],
        [{ email: '   ', password: 'Motdepasse1' }, { email: ['Veuillez saisir votre adresse e-mail'] }],
        [{ email: 'a@exemple.fr', password: '' }, { password: ['Veuillez saisir votre mot de passe'] }],
        [{}, { email: ['Veuillez saisir votre adresse e-mail'], password: ['Veuillez saisir votre mot de passe'] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await login(payload);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ error_code: 'empty_fields', message: 'Veuillez remplir tous les champs obligatoires.', errors });
      }
    });

    it('answers validation_failed for other wrong shapes', async () => {
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ email: 42, password: 'Motdepasse1' }, { email: ['Ce champ doit être un texte.'] }],
        [{ email: 'a@exemple.fr', password: 'Motdepasse1', remember: 'oui' }, { remember: ['Ce champ doit valoir true ou false.'] }],
        [{ email: 'a@exemple.fr', password: 'x'.repeat(1025) }, { password: ['Le mot de passe ne doit pas dépasser 1024 caractères.'] }],
        [{ email: `${'a'.repeat(250)}@exemple.fr`, password: 'Motdepasse1' }, { email: ["L'adresse e-mail ne doit pas dépasser 254 caractères."] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await login(payload);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors });
      }
    });

    it('answers malformed JSON with 400 invalid_request and a 2 MB body with 413', async () => {
      const bad = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_code).toBe('invalid_request');
      const big = await login({ email: 'a@exemple.fr', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(big.statusCode).toBe(413);
      expect(big.json().error_code).toBe('payload_too_large');
    });
  });

  describe('account lockout', () => {
    async function failTimes(address: string, times: number, ip = newIp()) {
      for (let i = 0; i < times; i++) {
        const res = await login({ email: address, password: 'Mauvais1' }, ip);
        expect(res.statusCode).toBe(401);
      }
    }

    it('locks the account after 5 failures in 15 minutes, even for the right password', async () => {
      const user = await member();
      await failTimes(user.email, 5);
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual({
        error_code: 'account_locked',
        message: 'Compte temporairement verrouillé après plusieurs tentatives. Réessayez dans 15 minutes.',
      });
    });

    it('still lets the account in after 4 failures, and a success clears them', async () => {
      const user = await member();
      await failTimes(user.email, 4);
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
      expect(await hits(`login:email:${user.email}`)).toBe(0);
      // The counter starts again from zero: 4 more failures do not lock.
      await failTimes(user.email, 4);
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    });

    it('lifts the lock by itself once the failures are more than 15 minutes old', async () => {
      const user = await member();
      await failTimes(user.email, 5);
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(423);
      await ageCounter(`login:email:${user.email}`, '16 minutes');
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    });

    it('stays locked while the failures are 14 minutes old', async () => {
      const user = await member();
      await failTimes(user.email, 5);
      await ageCounter(`login:email:${user.email}`, '14 minutes');
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(423);
    });

    it('counts failures per account: another account is not locked', async () => {
      const locked = await member();
      const other = await member();
      const ip = newIp();
      await failTimes(locked.email, 5, ip);
      expect((await login({ email: other.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
    });
  });

  describe('per-address limit', () => {
    it('refuses a 21st attempt within a minute from one address with 429, even with the right password', async () => {
      const user = await member();
      const ip = newIp();
      for (let i = 0; i < 20; i++) {
        expect((await login({ email: email('balayage'), password: 'Mauvais1' }, ip)).statusCode).toBe(401);
      }
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD }, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error_code: 'too_many_attempts', message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' });
      // Another address is not affected.
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD }, newIp())).statusCode).toBe(200);
      // A minute later the address may try again.
      await ageCounter(`login:ip:${ip}`, '61 seconds');
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('lets a school behind one address sign in after 19 failures', async () => {
      const user = await member();
      const ip = newIp();
      for (let i = 0; i < 19; i++) await login({ email: email('eleve'), password: 'Mauvais1' }, ip);
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
      expect(await hits(`login:ip:${ip}`)).toBe(19);
    });

    it('does not count successful sign-ins', async () => {
      const user = await member();
      const ip = newIp();
      for (let i = 0; i < 25; i++) expect((await login({ email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(200);
    });
  });

  describe('behind a reverse proxy (TRUST_PROXY, decision 034)', () => {
    const attempt = (target: typeof app, remoteAddress: string, forwardedFor: string) =>
      target.inject({ method: 'POST', url: '/api/login', payload: { email: email('mandataire'), password: 'Mauvais1' }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

    it('counts an attempt on the address the trusted proxy forwards, not on the proxy', async () => {
      const client = newIp();
      expect((await attempt(proxied.app, PROXY, client)).statusCode).toBe(401);
      expect(await hits(`login:ip:${client}`, proxied.db)).toBe(1);
      expect(await hits(`login:ip:${PROXY}`, proxied.db)).toBe(0);
    });

    it('ignores X-Forwarded-For from any other sender, and from everyone without TRUST_PROXY', async () => {
      for (const { app: target, db: database } of [proxied, { app, db }]) {
        const sender = newIp();
        const claimed = newIp();
        expect((await attempt(target, sender, claimed)).statusCode).toBe(401);
        expect(await hits(`login:ip:${sender}`, database)).toBe(1);
        expect(await hits(`login:ip:${claimed}`, database)).toBe(0);
      }
    });
  });

  describe('disabled accounts', () => {
    it('answers account_disabled to a disabled member who gives the right password', async () => {
      const user = await member({ isValid: false });
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error_code: 'account_disabled', message: 'Votre compte a été désactivé. Veuillez contacter le support.' });
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    it('gives the attempt back to the address and clears the e-mail\'s failures: the password was right', async () => {
      const user = await member({ isValid: false });
      const ip = newIp();
      expect((await login({ email: user.email, password: 'Mauvais1' }, ip)).statusCode).toBe(401);
      expect(await hits(`login:ip:${ip}`)).toBe(1);
      expect((await login({ email: user.email, password: DEFAULT_PASSWORD }, ip)).statusCode).toBe(403);
      expect(await hits(`login:ip:${ip}`)).toBe(1);
      expect(await hits(`login:email:${user.email}`)).toBe(0);
    });

    it('answers invalid_credentials to a wrong password, revealing nothing', async () => {
      const user = await member({ role: 'organisme', isValid: false });
      expect((await login({ email: user.email, password: 'Mauvais1' })).json().error_code).toBe('invalid_credentials');
    });
  });
});

describe('sessions', () => {
  const profile = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers: authorization ? { authorization } : {} });
  const expired = { error_code: 'invalid_token', message: 'Votre session a expiré. Veuillez vous reconnecter.' };

  it('answers 401 invalid_token without a token, with an unknown one or a malformed header', async () => {
    for (const header of [undefined, 'Bearer inconnu', 'Basic abc', `Bearer ${randomBytes(32).toString('base64url')}`]) {
      const res = await profile(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expired);
    }
  });

  it('answers 401 invalid_token once the session has expired', async () => {
    const user = await createUser(db);
    const { authorization } = await authHeader(db, user);
    expect((await profile(authorization)).statusCode).toBe(200);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const res = await profile(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });
});

describe('POST /api/logout', () => {
  it('revokes the current session only and answers 204', async () => {
    const user = await createUser(db);
    const first = await authHeader(db, user);
    const second = await authHeader(db, user);
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers: first });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await app.inject({ method: 'GET', url: '/api/user/profile', headers: first });
    expect(after.statusCode).toBe(401);
    expect(after.json().error_code).toBe('invalid_token');
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: second })).statusCode).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('answers 401 invalid_token without a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('invalid_token');
  });

  it('answers 401 to a second logout with the same token', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(401);
  });
});

describe('maintenance mode', () => {

  it('answers 503 maintenance_mode to login and signup', async () => {
    for (const url of ['/api/login', '/api/signup']) {
      const res = await maintenance.app.inject({ method: 'POST', url, payload: { email: 'a@exemple.fr', password: 'Motdepasse1' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error_code: 'maintenance_mode', message: 'La plateforme est en maintenance. Veuillez réessayer plus tard.' });
    }
  });
});
