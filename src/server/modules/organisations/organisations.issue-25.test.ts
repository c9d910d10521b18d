import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisationMessages, type ImportPreview, type MyInvitation } from '../../../shared/organisations';
import { mailOutbox, notifications, organisationInvitationMails, organisationMembers, organisationSeats, users } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, insertCourse, insertMembership } from '../../test/factories';
import { linkIn } from '../../test/mail';

/**
 * Issue 25, the organisations' items: invitation mails capped per organisation, one mail a day per
 * pending address, the import of the valid rows only, invitations kept for the newcomer, the
 * organisation told of its seats. Low caps here, so the limits are reached in a few calls.
 */
const PER_HOUR = 3;
const PER_DAY = 5;
const ctx = await createTestApp({ organisationInvitations: { perHour: PER_HOUR, perDay: PER_DAY } });
const { app, db } = ctx;
const mail = await catchMail(ctx);
const admin = await createUser(db, { role: 'admin' });
const author = await createUser(db, { role: 'formateur', isValid: true });

const email = (prefix = 'invite') => `${prefix}-${randomBytes(4).toString('hex')}@exemple.fr`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: caller ? await authHeader(db, caller) : {}, ...(payload ? { payload } : {}) });
}

async function outboxCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox);
  return Number(row!.n);
}

async function membersCount(organisationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
  return Number(row!.n);
}

/** The organisation's e-mails counted by the caps, moved back in time. */
async function ageMails(organisationId: number, hours: number): Promise<void> {
  await db
    .update(organisationInvitationMails)
    .set({ sentAt: sql`${organisationInvitationMails.sentAt} - make_interval(hours => ${hours})` })
    .where(eq(organisationInvitationMails.organisationId, organisationId));
}

async function invitationToken(to: string, path: '/signup' | '/rejoindre'): Promise<string> {
  await mail.deliver();
  const [message] = mail.to(to).slice(-1);
  expect(message, `e-mail pour ${to}`).toBeDefined();
  return linkIn(message!, path).searchParams.get(path === '/signup' ? 'invitation' : 'token')!;
}

describe('invitation e-mails capped per organisation', () => {
  it(`sends ${PER_HOUR} an hour and ${PER_DAY} a day, then answers 429 too_many_invitations in French and queues nothing; cancelling gives nothing back`, async () => {
    const organisation = await createOrganisation(db);
    const invited: number[] = [];
    for (let i = 0; i < PER_HOUR; i++) {
      const res = await call('POST', '/api/organisation/invitations', organisation, { email: email() });
      expect(res.statusCode, res.body).toBe(201);
      invited.push(res.json().member.id as number);
    }
    // Cancelling an invitation does not give its e-mail back.
    for (const id of invited) expect((await call('DELETE', `/api/organisation/members/${id}`, organisation)).statusCode).toBe(204);
    const [outbox, members] = [await outboxCount(), await membersCount(organisation.id)];
    const refused = await call('POST', '/api/organisation/invitations', organisation, { email: email() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error_code: 'too_many_invitations',
      message: "Votre organisation ne peut pas envoyer cette invitation maintenant\u00a0: 3 invitations par heure et 5 invitations par jour au plus. Aucune invitation ne peut partir pour le moment\u00a0: réessayez plus tard. Rien n'a été envoyé.",
    });
    expect([await outboxCount(), await membersCount(organisation.id)]).toEqual([outbox, members]);

    // An hour later the hourly cap is free again, the daily one still counts the three.
    await ageMails(organisation.id, 2);
    for (let i = 0; i < PER_DAY - PER_HOUR; i++) expect((await call('POST', '/api/organisation/invitations', organisation, { email: email() })).statusCode).toBe(201);
    expect((await call('POST', '/api/organisation/invitations', organisation, { email: email() })).statusCode).toBe(429);
    // A day later, everything is free again; another organisation never shared the count.
    await ageMails(organisation.id, 24);
    expect((await call('POST', '/api/organisation/invitations', organisation, { email: email() })).statusCode).toBe(201);
  });

  it('refuses a whole CSV import that would go over the cap: nothing queued, nothing written; one that fits goes through', async () => {
    const organisation = await createOrganisation(db);
    const tooMany = Array.from({ length: PER_HOUR + 1 }, () => email('lot')).join('\n');
    const [outbox, members] = [await outboxCount(), await membersCount(organisation.id)];
    const refused = await call('POST', '/api/organisation/invitations/import', organisation, { csv: tooMany });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'too_many_invitations', message: organisationMessages.tooManyInvitations(PER_HOUR + 1, PER_HOUR, PER_HOUR, PER_DAY) });
    expect(refused.json().message).toContain('ces 4 invitations');
    expect([await outboxCount(), await membersCount(organisation.id)]).toEqual([outbox, members]);

    const fits = Array.from({ length: PER_HOUR }, () => email('lot')).join('\n');
    const imported = await call('POST', '/api/organisation/invitations/import', organisation, { csv: fits });
    expect([imported.statusCode, imported.json()]).toEqual([201, { invited: PER_HOUR, resent: 0, recent: 0, merged: 0, skipped: 0 }]);
    expect(await outboxCount()).toBe(outbox + PER_HOUR);
  });

  it('counts no e-mail for an address mailed less than a day ago: re-importing it sends nothing and passes the cap', async () => {
    const organisation = await createOrganisation(db);
    const to = email();
    await insertMembership(db, organisation.id, { email: to });
    const preview = (await call('POST', '/api/organisation/invitations/preview', organisation, { csv: to })).json() as ImportPreview;
    expect(preview.rows).toEqual([{ line: 1, email: to, firstname: null, lastname: null, status: 'recent', message: organisationMessages.rowRecent }]);
    const outbox = await outboxCount();
    const imported = await call('POST', '/api/organisation/invitations/import', organisation, { csv: to });
    expect(imported.json()).toEqual({ invited: 0, resent: 0, recent: 1, merged: 0, skipped: 0 });
    expect(await outboxCount()).toBe(outbox);
  });
});

describe('CSV import of the valid rows only (skip_invalid)', () => {
  const names = (a: string, b: string) => ['E-mail;Prénom;Nom', `${a};Chloé;Durand`, 'pas-une-adresse;Denis;Martin', `${a.toUpperCase()};;`, `${b};;Lefèvre`].join('\r\n');

  it('stays all or nothing without skip_invalid; with it, imports the valid rows, merges duplicates and keeps the names', async () => {
    const organisation = await createOrganisation(db, { name: 'Coop <Soleil>' });
    const [a, b] = [email('chloe'), email('lefevre')];
    const [outbox, members] = [await outboxCount(), await membersCount(organisation.id)];
    const strict = await call('POST', '/api/organisation/invitations/import', organisation, { csv: names(a, b) });
    expect([strict.statusCode, strict.json().message]).toEqual([422, organisationMessages.importHasErrors]);
    const explicit = await call('POST', '/api/organisation/invitations/import', organisation, { csv: names(a, b), skip_invalid: false });
    expect(explicit.statusCode).toBe(422);
    expect([await outboxCount(), await membersCount(organisation.id)]).toEqual([outbox, members]);

    const res = await call('POST', '/api/organisation/invitations/import', organisation, { csv: names(a, b), skip_invalid: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ invited: 2, resent: 0, recent: 0, merged: 1, skipped: 1 });
    const rows = await db
      .select({ email: organisationMembers.email, firstname: organisationMembers.invitedFirstname, lastname: organisationMembers.invitedLastname })
      .from(organisationMembers)
      .where(eq(organisationMembers.organisationId, organisation.id))
      .orderBy(organisationMembers.email);
    expect(rows).toEqual([
      { email: a, firstname: 'Chloé', lastname: 'Durand' },
      { email: b, firstname: null, lastname: 'Lefèvre' },
    ]);
    const token = await invitationToken(a, '/signup');
    const [message] = mail.to(a).slice(-1);
    expect(message!.subject).toBe('Invitation à vous former sur EcoForma');
    expect(message!.text).toContain('Bonjour Chloé,');
    // The name stays in the body, escaped in the HTML.
    expect(message!.html).toContain('Coop &lt;Soleil&gt;');
    expect(message!.html).not.toContain('Coop <Soleil>');
    expect((await call('POST', '/api/invitations/lookup', null, { token })).json()).toMatchObject({ email: a, firstname: 'Chloé', lastname: 'Durand', has_account: false });
  });

  it('refuses a row whose name is not one, and a file with no valid row even with skip_invalid', async () => {
    const organisation = await createOrganisation(db);
    const preview = (await call('POST', '/api/organisation/invitations/preview', organisation, { csv: `email;prénom\n${email()};${'A'.repeat(200)}` })).json() as ImportPreview;
    expect(preview.rows[0]).toMatchObject({ status: 'error', message: expect.stringMatching(/^Nom ou prénom refusé/) });
    const none = await call('POST', '/api/organisation/invitations/import', organisation, { csv: 'email\npas-une-adresse\nfaux@', skip_invalid: true });
    expect([none.statusCode, none.json().message]).toEqual([422, organisationMessages.importNothingValid]);
    const bad = await call('POST', '/api/organisation/invitations/import', organisation, { csv: email(), skip_invalid: 'oui' });
    expect(bad.statusCode).toBe(422);
    expect(await membersCount(organisation.id)).toBe(0);
  });
});

describe('the organisation hears of its seats', () => {
  it('notifies the organisation (bell and e-mail) when an administrator changes its seats, not when nothing changes nor when refused', async () => {
    const organisation = await createOrganisation(db);
    const course = await insertCourse(db, author.id, { title: 'Sols vivants' });
    const notices = () => db.select({ kind: notifications.kind, title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, organisation.id));
    const mails = async () => {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(and(eq(mailOutbox.recipient, organisation.email), eq(mailOutbox.template, 'notification')));
      return Number(row!.n);
    };

    expect((await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: course.id, seats: 5 })).statusCode).toBe(200);
    expect(await notices()).toEqual([
      {
        kind: 'organisation_seats_granted',
        title: 'Places attribuées\u00a0: Sols vivants',
        body: 'L’équipe EcoForma a fixé à 5 places le nombre de places de votre organisation pour la formation «\u00a0Sols vivants\u00a0» (0 place utilisée).',
      },
    ]);
    expect(await mails()).toBe(1);

    // The same number again, or a refused change: nothing new.
    await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: course.id, seats: 5 });
    await db.update(organisationSeats).set({ used: 4 }).where(eq(organisationSeats.organisationId, organisation.id));
    expect((await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: course.id, seats: 2 })).statusCode).toBe(422);
    expect(await notices()).toHaveLength(1);
    expect(await mails()).toBe(1);
  });
});

describe('the newcomer keeps the invitation', () => {
  it('lists the pending invitations to a confirmed address and lets the learner accept with consent or decline, without the link', async () => {
    const organisation = await createOrganisation(db, { name: 'Ferme du Lac' });
    const learner = await createUser(db, { role: 'membre', email: email('nouvelle') });
    const other = await createUser(db, { role: 'membre', email: email('autre') });
    const unconfirmed = await createUser(db, { role: 'membre', email: email('pas-confirmee'), emailConfirmedAt: null });
    const [mine] = await Promise.all([insertMembership(db, organisation.id, { email: learner.email }), insertMembership(db, organisation.id, { email: unconfirmed.email })]);
    const list = (await call('GET', '/api/user/invitations', learner)).json() as MyInvitation[];
    expect(list).toEqual([{ id: mine.id, organisation_name: 'Ferme du Lac', invited_at: expect.any(String), expires_at: expect.any(String) }]);
    // Never someone else's, nor before the address is proven.
    expect((await call('GET', '/api/user/invitations', other)).json()).toEqual([]);
    expect((await call('GET', '/api/user/invitations', unconfirmed)).json()).toEqual([]);
    expect((await call('POST', `/api/user/invitations/${mine.id}/accept`, other, { consent: true })).statusCode).toBe(404);

    const noConsent = await call('POST', `/api/user/invitations/${mine.id}/accept`, learner, {});
    expect([noConsent.statusCode, noConsent.json().errors]).toEqual([422, { consent: [organisationMessages.consentRequired] }]);
    const accepted = await call('POST', `/api/user/invitations/${mine.id}/accept`, learner, { consent: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: mine.id, organisation_name: 'Ferme du Lac' });
    expect((await call('GET', '/api/user/invitations', learner)).json()).toEqual([]);

    const second = await createOrganisation(db);
    const declined = await insertMembership(db, second.id, { email: learner.email });
    expect((await call('POST', `/api/user/invitations/${declined.id}/decline`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/invitations/${declined.id}/decline`, learner)).statusCode).toBe(204);
    const [row] = await db.select({ status: organisationMembers.status }).from(organisationMembers).where(eq(organisationMembers.id, declined.id));
    expect(row!.status).toBe('declined');
  });

  it('puts an invitation to a confirmed learner under the bell, with no second e-mail; an unconfirmed address gets it once confirmed', async () => {
    const organisation = await createOrganisation(db, { name: 'Atelier Vert' });
    const learner = await createUser(db, { role: 'membre', email: email('cloche') });
    const later = await createUser(db, { role: 'membre', email: email('plus-tard'), emailConfirmedAt: null });
    const bell = (userId: number) => db.select({ kind: notifications.kind, title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));
    for (const to of [learner.email, later.email]) expect((await call('POST', '/api/organisation/invitations', organisation, { email: to })).statusCode).toBe(201);
    expect(await bell(learner.id)).toEqual([{ kind: 'organisation_invitation', title: 'Atelier Vert vous invite à la rejoindre' }]);
    const [sent] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, learner.email));
    expect(Number(sent!.n)).toBe(1);
    expect(await bell(later.id)).toEqual([]);

    await call('POST', '/api/user/email/confirmation', later);
    await mail.deliver();
    const confirmation = mail.to(later.email).find((m) => m.text.includes('/confirmer-email'));
    expect(confirmation, 'e-mail de confirmation').toBeDefined();
    const token = linkIn(confirmation!, '/confirmer-email').searchParams.get('token')!;
    expect((await call('POST', '/api/email/confirm', null, { token })).statusCode).toBe(200);
    expect(await bell(later.id)).toEqual([{ kind: 'organisation_invitation', title: 'Atelier Vert vous invite à la rejoindre' }]);
  });

  it('confirms the address of an account created from the invitation link: no second confirmation e-mail; any other address still confirms', async () => {
    const organisation = await createOrganisation(db);
    const to = email('arrivee');
    await call('POST', '/api/organisation/invitations', organisation, { email: to });
    const token = await invitationToken(to, '/signup');
    const person = (address: string) => ({ firstname: 'Nina', lastname: 'Nouvelle', email: address, password: 'Motdepasse1', gender: 'female', birthdate: '1990-04-02', phone_number: '0600000000', role: 'membre', invitation_token: token });
    const confirmations = async (address: string) => {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(and(eq(mailOutbox.recipient, address), eq(mailOutbox.template, 'email-confirm')));
      return Number(row!.n);
    };

    const elsewhere = email('ailleurs');
    const other = await call('POST', '/api/signup', null, person(elsewhere));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().user.email_confirmed).toBe(false);
    expect(await confirmations(elsewhere)).toBe(1);

    const res = await call('POST', '/api/signup', null, person(to));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.email_confirmed).toBe(true);
    expect(await confirmations(to)).toBe(0);
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, to));
    // The invitation waits in the account, even without the link.
    expect(((await call('GET', '/api/user/invitations', account!)).json() as MyInvitation[]).map((i) => i.organisation_name)).toEqual([organisation.organisationName]);
    // And under the bell.
    expect(await db.select({ kind: notifications.kind, link: notifications.link }).from(notifications).where(eq(notifications.userId, account!.id))).toEqual([
      { kind: 'organisation_invitation', link: '/profile#organisations' },
    ]);
    // The e-mailed link still works once the account exists, and now says so.
    expect((await call('POST', '/api/invitations/lookup', null, { token })).json()).toMatchObject({ email: to, has_account: true });
  });
});
