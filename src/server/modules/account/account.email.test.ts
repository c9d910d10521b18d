import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account';
import { EMAIL_CHANGE_LIMIT, EMAIL_CONFIRM_RESEND_LIMIT } from '../../../shared/constants';
import { errorMessages } from '../../../shared/errors';
import { passwordMessages } from '../../../shared/password';
import { profileMessages } from '../../../shared/profile';
import { accountTokens, users } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { linkIn } from '../../test/mail';

const ctx = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const CONFIRM_PAGE = '/confirmer-email';
let sequence = 0;
const address = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}@exemple.fr`;

const login = (email: string, password = DEFAULT_PASSWORD) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const confirm = (token: string, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token }, headers });
const profileOf = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user/profile', headers });
const requestChange = (headers: Record<string, string>, email: string, currentPassword = DEFAULT_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/user/email/change', headers, payload: { email, currentPassword } });
const resend = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/user/email/confirmation', headers });

async function signup(email = address('inscrite')) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { firstname: 'Léa', lastname: 'Nouvelle', email, password: DEFAULT_PASSWORD, gender: 'female', birthdate: '1992-04-03', role: 'membre' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, body: res.json(), headers: { authorization: `Bearer ${res.json().accessToken as string}` } };
}

/** The token of the latest message to `email` with this subject. */
async function tokenSentTo(email: string, subject: string, page = CONFIRM_PAGE): Promise<string> {
  await mail.deliver();
  const message = mail.to(email).filter((m) => m.subject === subject).at(-1);
  expect(message, `e-mail « ${subject} » à ${email}`).toBeDefined();
  return linkIn(message!, page).searchParams.get('token')!;
}

describe('e-mail confirmation at signup', () => {
  it('e-mails a link to /confirmer-email; the account signs in unconfirmed, and the link confirms it once', async () => {
    const { email, body, headers } = await signup();
    expect(body.user.email_confirmed).toBe(false);
    expect((await profileOf(headers)).json().email_confirmed).toBe(false);
    // Not confirming does not lock anyone out (decision 021).
    const signedIn = await login(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email_confirmed).toBe(false);

    await mail.deliver();
    const [message] = mail.to(email);
    expect(message!.subject).toBe('Confirmez votre adresse e-mail EcoForma');
    expect(message!.text).toContain('Bonjour Léa,');
    const link = linkIn(message!, CONFIRM_PAGE);
    expect(link.origin).toBe('https://formation.exemple.fr');
    const token = link.searchParams.get('token')!;

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'confirmation', email, user_id: body.user.id, message: accountMessages.emailConfirmed });
    expect((await profileOf(headers)).json().email_confirmed).toBe(true);
    expect((await login(email)).json().user.email_confirmed).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error_code: 'invalid_link', message: errorMessages.invalid_link });
  });

  it('refuses an expired link and a forged one, and confirms nothing', async () => {
    const { email, body, headers } = await signup();
    const token = await tokenSentTo(email, 'Confirmez votre adresse e-mail EcoForma');
    await db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, body.user.id));
    expect((await confirm(token)).json().error_code).toBe('invalid_link');
    expect((await confirm('Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQ')).json().error_code).toBe('invalid_link');
    const empty = await confirm('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.token).toEqual([passwordMessages.tokenRequired]);
    expect((await profileOf(headers)).json().email_confirmed).toBe(false);
  });

  it(`resends a new link (the earlier one dies), ${EMAIL_CONFIRM_RESEND_LIMIT} times an hour at most`, async () => {
    const { email, headers } = await signup();
    const first = await tokenSentTo(email, 'Confirmez votre adresse e-mail EcoForma');
    const res = await resend(headers);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: accountMessages.confirmationSent(email) });
    const second = await tokenSentTo(email, 'Confirmez votre adresse e-mail EcoForma');
    expect(second).not.toBe(first);
    for (let i = 1; i < EMAIL_CONFIRM_RESEND_LIMIT; i++) {
      expect((await resend(headers)).statusCode).toBe(202);
      // One at a time, so the last message received is the last one sent.
      await mail.deliver();
    }
    const refused = await resend(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'too_many_attempts', message: errorMessages.too_many_attempts });

    expect((await confirm(first)).json().error_code).toBe('invalid_link');
    const latest = await tokenSentTo(email, 'Confirmez votre adresse e-mail EcoForma');
    expect((await confirm(latest)).statusCode).toBe(200);
  });

  it('refuses to resend to a confirmed address (409) and needs a session (401)', async () => {
    const user = await createUser(db);
    const res = await resend(await authHeader(db, user));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(accountMessages.emailAlreadyConfirmed);
    expect((await resend({})).statusCode).toBe(401);
  });

  it('never confirms an address the link was not sent to (the account changed address meanwhile)', async () => {
    const { email, body } = await signup();
    const token = await tokenSentTo(email, 'Confirmez votre adresse e-mail EcoForma');
    await db.update(users).set({ email: address('corrigee') }).where(eq(users.id, body.user.id));
    expect((await confirm(token)).json().error_code).toBe('invalid_link');
    const [row] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, body.user.id));
    expect(row!.confirmedAt).toBeNull();
  });

  it('an administrator correcting the address makes it unconfirmed again', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const member = await createUser(db);
    const next = address('corrigee');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      headers: await authHeader(db, admin),
      payload: { firstname: member.firstname, lastname: member.lastname, email: next },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email_confirmed).toBe(false);
    const list = await app.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(next)}`, headers: await authHeader(db, admin) });
    expect(list.json().users.map((u: { email: string; email_confirmed: boolean }) => [u.email, u.email_confirmed])).toEqual([[next, false]]);
  });
});

describe('changing one’s e-mail', () => {
  it('sends a link to the new address, tells the old one without a link, and changes nothing until the link is opened', async () => {
    const user = await createUser(db, { firstname: 'Malik' });
    const headers = await authHeader(db, user);
    const next = address('nouvelle');
    const res = await requestChange(headers, `  ${next.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: accountMessages.emailChangeSent(next) });

    await mail.deliver();
    const [toNew] = mail.to(next);
    expect(toNew!.subject).toBe('Confirmez votre nouvelle adresse e-mail EcoForma');
    expect(toNew!.text).toContain('Bonjour Malik,');
    const [toOld] = mail.to(user.email);
    expect(toOld!.subject).toBe('Changement d’adresse e-mail demandé sur votre compte EcoForma');
    expect(toOld!.text).toContain(next);
    // Told, not handed a way to act: no link at all, nor any token.
    expect(toOld!.text).not.toMatch(/https?:\/\//);
    expect(toOld!.html).not.toMatch(/href=/);

    expect((await profileOf(headers)).json().email).toBe(user.email);
    expect((await login(user.email)).statusCode).toBe(200);
    expect((await login(next)).statusCode).toBe(401);
  });

  it('opening the link moves the login to the new address, confirmed, and signs the other sessions out', async () => {
    const user = await createUser(db, { emailConfirmedAt: null });
    const here = await authHeader(db, user);
    const elsewhere = await authHeader(db, user);
    const next = address('nouvelle');
    expect((await requestChange(here, next)).statusCode).toBe(202);
    const token = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');

    const res = await confirm(token, here);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'change', email: next, user_id: user.id, message: accountMessages.emailChangedDone(next) });
    const profile = (await profileOf(here)).json();
    expect([profile.email, profile.email_confirmed]).toEqual([next, true]);
    expect((await profileOf(elsewhere)).statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(next)).statusCode).toBe(200);
    // The administrators' search finds the new address.
    const [row] = await db.select({ searchText: users.searchText }).from(users).where(eq(users.id, user.id));
    expect(row!.searchText).toContain(next.split('@')[0]);

    expect((await confirm(token, here)).json().error_code).toBe('invalid_link');
  });

  it('opened where nobody is signed in, ends every session of the account', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const next = address('ailleurs');
    await requestChange(headers, next);
    const token = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await profileOf(headers)).statusCode).toBe(401);
  });

  it('dies with a password change: whoever once had the password cannot move the login afterwards (audit, issue 25)', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const next = address('intrus');
    await requestChange(headers, next);
    const token = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');
    const changed = await app.inject({ method: 'PUT', url: '/api/user/password', headers, payload: { currentPassword: DEFAULT_PASSWORD, password: 'Nouveau-passe9' } });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token)).json().error_code).toBe('invalid_link');
    expect((await login(user.email, 'Nouveau-passe9')).statusCode).toBe(200);
  });

  it('dies with a password reset, and so does a reset link asked before a password change (audit, issue 25)', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const next = address('intrus');
    await requestChange(headers, next);
    const changeToken = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');
    // Two reset links: the owner uses one; the other (say, an intruder's request) must die with it.
    await app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email }, remoteAddress: '198.51.100.201' });
    const resetToken = await tokenSentTo(user.email, 'Réinitialisez votre mot de passe EcoForma', '/reinitialiser-mot-de-passe');
    expect((await app.inject({ method: 'POST', url: '/api/password/reset', payload: { token: resetToken, password: 'Nouveau-passe9' } })).statusCode).toBe(200);
    expect((await confirm(changeToken)).json().error_code).toBe('invalid_link');

    const owner = await createUser(db);
    await app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: owner.email }, remoteAddress: '198.51.100.202' });
    const earlier = await tokenSentTo(owner.email, 'Réinitialisez votre mot de passe EcoForma', '/reinitialiser-mot-de-passe');
    const ownerHeaders = await authHeader(db, owner);
    await app.inject({ method: 'PUT', url: '/api/user/password', headers: ownerHeaders, payload: { currentPassword: DEFAULT_PASSWORD, password: 'Nouveau-passe9' } });
    const late = await app.inject({ method: 'POST', url: '/api/password/reset', payload: { token: earlier, password: 'Autre-passe10' } });
    expect(late.json().error_code).toBe('invalid_link');
    expect((await login(owner.email, 'Nouveau-passe9')).statusCode).toBe(200);
  });

  it('refuses a wrong current password (422, French field error), sends nothing and counts it on the lockout', async () => {
    const user = await createUser(db);
    const next = address('refusee');
    const res = await requestChange(await authHeader(db, user), next, 'Mauvais-passe1');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ currentPassword: [profileMessages.currentPasswordWrong] });
    const missing = await requestChange(await authHeader(db, user), next, '');
    expect(missing.json().errors).toEqual({ currentPassword: [passwordMessages.currentRequired] });
    await mail.deliver();
    expect(mail.to(next)).toEqual([]);
    expect(mail.to(user.email)).toEqual([]);
    expect(await db.select().from(accountTokens).where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'email_change')))).toEqual([]);
  });

  it('refuses an address already taken (409) and one’s own address (422)', async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const headers = await authHeader(db, user);
    const taken = await requestChange(headers, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error_code: 'email_taken', errors: { email: [errorMessages.email_taken] } });
    const same = await requestChange(headers, user.email);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ email: [accountMessages.emailUnchanged] });
    const malformed = await requestChange(headers, 'pas-une-adresse');
    expect(malformed.statusCode).toBe(422);
  });

  it('refuses the link when another account took the address meanwhile, and changes nothing', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const next = address('convoitee');
    await requestChange(headers, next);
    const token = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');
    await createUser(db, { email: next });

    const res = await confirm(token, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'email_taken', message: accountMessages.emailTakenAtConfirmation });
    expect((await profileOf(headers)).json().email).toBe(user.email);
  });

  it('refuses an expired link (24 hours) and a forged one', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const next = address('tardive');
    await requestChange(headers, next);
    const token = await tokenSentTo(next, 'Confirmez votre nouvelle adresse e-mail EcoForma');
    const [row] = await db.select().from(accountTokens).where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'email_change')));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000)).toBe(24);
    await db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.id, row!.id));
    expect((await confirm(token)).json().error_code).toBe('invalid_link');
    expect((await confirm(`${token.slice(0, -2)}xx`)).json().error_code).toBe('invalid_link');
    expect((await profileOf(headers)).json().email).toBe(user.email);
  });

  it(`limits requests to ${EMAIL_CHANGE_LIMIT} an hour per account`, async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    for (let i = 0; i < EMAIL_CHANGE_LIMIT; i++) expect((await requestChange(headers, address('serie'))).statusCode).toBe(202);
    expect((await requestChange(headers, address('serie'))).statusCode).toBe(429);
  });

  it('no longer changes the login e-mail through the profile form', async () => {
    const user = await createUser(db);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: await authHeader(db, user),
      payload: { firstName: 'Lou', lastName: 'Profil', email: address('detour'), phoneNumber: '', birthDate: '1990-05-17', gender: 'female', currentPassword: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [accountMessages.emailChangeElsewhere] });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect([row!.email, row!.firstname]).toEqual([user.email, user.firstname]);
  });
});
