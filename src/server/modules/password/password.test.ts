import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { FORGOT_PASSWORD_LIMIT_PER_ADDRESS, FORGOT_PASSWORD_LIMIT_PER_EMAIL, LOCKOUT_FAILURES } from '../../../shared/constants';
import { errorMessages } from '../../../shared/errors';
import { passwordMessages } from '../../../shared/password';
import type { Db } from '../../db/client';
import { accountTokens, mailOutbox, rateLimitCounters } from '../../db/schema';
import { rateKeys } from '../../lib/rate-limits';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { linkIn } from '../../test/mail';
import { requestPasswordReset } from './password.service';

/** The database with every statement it is asked to build or run recorded by kind, transactions included. */
function recordingQueries(target: Db): { db: Db; calls: string[] } {
  const calls: string[] = [];
  const wrap = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property);
        if (typeof value !== 'function') return value;
        if (property === 'transaction') return (run: (tx: object) => unknown) => value.call(object, (tx: object) => run(wrap(tx)));
        if (['select', 'insert', 'update', 'delete', 'execute'].includes(String(property))) {
          return (...args: unknown[]) => {
            calls.push(String(property));
            return value.apply(object, args);
          };
        }
        return value.bind(object);
      },
    });
  return { db: wrap(target), calls };
}

const ctx = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const NEW_PASSWORD = 'Nouveau-passe9';
let ipSequence = 0;
/** Each test asks from its own address, so the per-address limit only counts where a test means it. */
const nextIp = () => `198.51.100.${++ipSequence}`;

const forgot = (email: string, ip = nextIp()) => app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: ip });
const reset = (token: string, password = NEW_PASSWORD) => app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

/** Asks for a link for this account and returns the token the e-mail carries. */
async function tokenFromMail(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  await mail.deliver();
  const link = linkIn(mail.to(email).at(-1)!, '/reinitialiser-mot-de-passe');
  return link.searchParams.get('token')!;
}

describe('POST /api/password/forgot', () => {
  it('answers 202 and e-mails a link to /reinitialiser-mot-de-passe with a 256-bit token, only its SHA-256 stored', async () => {
    const user = await createUser(db, { firstname: 'Inès' });
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: passwordMessages.forgotAccepted });
    await mail.deliver();

    const [message] = mail.to(user.email);
    expect(message!.subject).toBe('Réinitialisez votre mot de passe EcoForma');
    expect(message!.text).toContain('Bonjour Inès,');
    expect(message!.text).toContain('expire dans 30 minutes');
    const link = linkIn(message!, '/reinitialiser-mot-de-passe');
    expect(link.origin).toBe('https://formation.exemple.fr');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [row] = await db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.purpose).toBe('password_reset');
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.round(ttl / 60_000)).toBe(30);
    // Once sent, the outbox keeps no copy of the link.
    const stored = JSON.stringify(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email)));
    expect(stored).not.toContain(token);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const known = await createUser(db);
    const unknown = `personne-${Date.now()}@exemple.fr`;
    const [a, b] = [await forgot(known.email), await forgot(unknown)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    await mail.deliver();
    expect(mail.to(unknown)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, unknown))).toEqual([]);
  });

  it('does the same database work for an unknown e-mail as for a known one, so timing tells nothing (audit, issue 25)', async () => {
    const known = await createUser(db);
    const work = async (email: string) => {
      const recorded = recordingQueries(db);
      await requestPasswordReset(recorded.db, email, nextIp());
      return recorded.calls;
    };
    const [forKnown, forUnknown] = [await work(known.email), await work(`personne-${Date.now()}@exemple.fr`)];
    expect(forKnown.length).toBeGreaterThan(3);
    expect(forUnknown).toEqual(forKnown);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, known.email))).toHaveLength(1);
  });

  it('refuses a malformed e-mail with 422 and the French message', async () => {
    const res = await forgot('pas-une-adresse');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([authMessages.emailInvalid]);
  });

  it(`limits one e-mail to ${FORGOT_PASSWORD_LIMIT_PER_EMAIL} requests an hour, known or not, from any address`, async () => {
    const known = await createUser(db);
    for (const email of [known.email, `inconnu-${Date.now()}@exemple.fr`]) {
      for (let i = 0; i < FORGOT_PASSWORD_LIMIT_PER_EMAIL; i++) expect((await forgot(email)).statusCode).toBe(202);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error_code: 'too_many_attempts', message: errorMessages.too_many_attempts });
    }
  });

  it(`limits one address to ${FORGOT_PASSWORD_LIMIT_PER_ADDRESS} requests an hour, whatever the e-mails`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FORGOT_PASSWORD_LIMIT_PER_ADDRESS; i++) expect((await forgot(`adresse${i}-${Date.now()}@exemple.fr`, ip)).statusCode).toBe(202);
    expect((await forgot(`une-de-plus@exemple.fr`, ip)).statusCode).toBe(429);
    expect((await forgot(`une-de-plus@exemple.fr`)).statusCode).toBe(202);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password, signs every session out, clears the lockout and e-mails "mot de passe modifié"', async () => {
    const user = await createUser(db, { firstname: 'Yanis' });
    const before = await authHeader(db, user);
    const token = await tokenFromMail(user.email);
    // Locked out by failed logins: the reset is the way back in.
    await db.insert(rateLimitCounters).values({ key: rateKeys.loginEmail(user.email), hits: LOCKOUT_FAILURES + 1 });

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordMessages.resetDone });

    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: before })).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    await mail.deliver();
    const changed = mail.to(user.email).at(-1)!;
    expect(changed.subject).toBe('Votre mot de passe EcoForma a été modifié');
    expect(changed.text).toContain('Bonjour Yanis,');
  });

  it('refuses a link already used, with 400 invalid_link and its French message', async () => {
    const user = await createUser(db);
    const token = await tokenFromMail(user.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Encore-autre1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error_code: 'invalid_link', message: errorMessages.invalid_link });
    expect((await login(user.email, 'Encore-autre1')).statusCode).toBe(401);
  });

  it('refuses an expired link (after 30 minutes)', async () => {
    const user = await createUser(db);
    const token = await tokenFromMail(user.email);
    await db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, user.id));
    expect((await reset(token)).json().error_code).toBe('invalid_link');
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a forged token and an empty one', async () => {
    expect((await reset('Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ')).json().error_code).toBe('invalid_link');
    const empty = await reset('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.token).toEqual([passwordMessages.tokenRequired]);
  });

  it('applies the signup rules to the new password and leaves the link usable', async () => {
    const user = await createUser(db);
    const token = await tokenFromMail(user.email);
    const weak = await reset(token, 'toutpetit');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([authMessages.passwordTooWeak]);
    expect((await reset(token, 'court')).json().errors.password).toEqual([authMessages.passwordTooShort]);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('keeps only the latest link alive', async () => {
    const user = await createUser(db);
    const first = await tokenFromMail(user.email);
    const second = await tokenFromMail(user.email);
    expect((await reset(first)).json().error_code).toBe('invalid_link');
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('lets one of two simultaneous uses of a link through, never both', async () => {
    const user = await createUser(db);
    const token = await tokenFromMail(user.email);
    const answers = await Promise.all([reset(token, 'Premier-passe1'), reset(token, 'Second-passe22')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});
