import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, organisationMessages, type DashboardResponse, type ImportPreview, type OrganisationMembersResponse } from '../../../shared/organisations';
import { SEARCH_COUNT_CAP } from '../../../shared/paging';
import { auditLog, courses, enrolments, mailOutbox, notifications, organisationEnrolments, organisationMembers, organisationProgressCounts, organisations, organisationSeats, users } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, enrol, insertCourse, insertLesson, insertMembership, insertSeats, insertSection } from '../../test/factories';
import { linkIn } from '../../test/mail';
import { randomSiret } from '../../test/siret';

const PUBLIC_URL = 'https://formation.exemple.fr';
// The invitation caps have their own test file (organisations.invitation-limits.test.ts); here a 1,000-row import must go through.
const ctx = await createTestApp({ publicUrl: PUBLIC_URL, organisationInvitations: { perHour: 1_000_000, perDay: 1_000_000 } });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const author = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });

const email = (prefix = 'invite') => `${prefix}-${randomBytes(4).toString('hex')}@exemple.fr`;

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: Caller, payload?: object) {
  return app.inject({ method, url, headers: caller ? await authHeader(db, caller) : {}, ...(payload ? { payload } : {}) });
}

/** A published course with two text lessons. */
async function course(title = 'Bilan carbone en équipe') {
  const row = await insertCourse(db, author.id, { title });
  const section = await insertSection(db, row.id);
  const first = await insertLesson(db, section.id);
  const second = await insertLesson(db, section.id);
  return { ...row, lessons: [first, second] };
}

async function memberOf(organisationId: number, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, { role: 'membre', email: email('membre'), ...overrides });
  const membership = await insertMembership(db, organisationId, user);
  return { user, membership };
}

async function outboxCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox);
  return Number(row!.n);
}

/** The kinds and titles of a user's in-app notifications. */
async function notificationsOf(userId: number) {
  return db.select({ kind: notifications.kind, title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));
}

async function membersCount(organisationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
  return Number(row!.n);
}

/** The organisation's signup payload, every field valid. */
function organisationSignup(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Olivia',
    lastname: 'Contact',
    email: email('orga'),
    password: 'Motdepasse1',
    phone_number: '04 72 00 00 00',
    role: 'organisme',
    organisation_name: 'Asso Verte',
    siret: randomSiret(),
    sector: 'associatif',
    size_band: '10-49',
    address: '3 rue des Lilas',
    postal_code: '69003',
    city: 'Lyon',
    contact_email: '',
    ...overrides,
  };
}

async function invitationLink(to: string, path: string): Promise<string> {
  await mail.deliver();
  const [message] = mail.to(to).slice(-1);
  expect(message, `e-mail pour ${to}`).toBeDefined();
  const url = linkIn(message!, path);
  return url.searchParams.get(path === '/signup' ? 'invitation' : 'token')!;
}

describe('signup and profile as an organisation', () => {
  it('signs up with the organisation’s details, no gender nor birth date, the login e-mail as contact by default', async () => {
    const body = organisationSignup({ gender: 'female', birthdate: '1990-01-01' });
    const res = await call('POST', '/api/signup', null, body);
    expect(res.statusCode, res.body).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ role: 'organisme', is_valid: true, firstname: 'Olivia' });
    const [account] = await db.select().from(users).where(eq(users.id, user.id));
    expect([account!.gender, account!.birthdate, account!.phoneNumber]).toEqual([null, null, '04 72 00 00 00']);

    const profile = await call('GET', '/api/user/profile', user);
    expect(profile.json().organisation).toEqual({
      organisation_name: 'Asso Verte',
      siret: body.siret,
      sector: 'associatif',
      size_band: '10-49',
      address: '3 rue des Lilas',
      postal_code: '69003',
      city: 'Lyon',
      contact_email: body.email,
    });
  });

  it('reports every missing organisation field at once, in French, without asking for a gender or a birth date', async () => {
    const res = await call('POST', '/api/signup', null, { firstname: 'Olivia', lastname: 'Contact', email: email(), password: 'Motdepasse1', role: 'organisme' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      organisation_name: [organisationMessages.nameRequired],
      siret: [organisationMessages.siretRequired],
      sector: [organisationMessages.sectorRequired],
      size_band: [organisationMessages.sizeRequired],
      address: [organisationMessages.addressRequired],
      postal_code: [organisationMessages.postalCodeRequired],
      city: [organisationMessages.cityRequired],
      phone_number: [organisationMessages.contactPhoneRequired],
    });
  });

  it('still asks a person for a gender and a birth date', async () => {
    const res = await call('POST', '/api/signup', null, { firstname: 'Léa', lastname: 'Martin', email: email(), password: 'Motdepasse1', role: 'membre' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ gender: ['Le genre est obligatoire.'], birthdate: ['La date de naissance est obligatoire.'] });
  });

  it.each([
    ['1234567890123', organisationMessages.siretFormat],
    ['123456789012345', organisationMessages.siretFormat],
    ['1234567890123A', organisationMessages.siretFormat],
    // 732 829 320 00074 is a real SIRET; one digit changed breaks its Luhn key.
    ['73282932000075', organisationMessages.siretChecksum],
    ['', organisationMessages.siretRequired],
  ])('refuses the SIRET %s with « %s »', async (siret, message) => {
    const res = await call('POST', '/api/signup', null, organisationSignup({ siret }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ siret: [message] });
  });

  it('accepts a SIRET typed with spaces, and La Poste’s establishments whose key follows their own rule', async () => {
    for (const siret of ['732 829 320 00074', '35600000052135']) {
      const res = await call('POST', '/api/signup', null, organisationSignup({ siret }));
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await db.select().from(organisations).where(eq(organisations.userId, res.json().user.id));
      expect(row!.siret).toBe(siret.replace(/ /g, ''));
    }
  });

  it('refuses a SIRET another organisation holds with 409 siret_taken, and creates no account', async () => {
    const taken = await createOrganisation(db);
    const [{ siret }] = await db.select({ siret: organisations.siret }).from(organisations).where(eq(organisations.userId, taken.id)) as [{ siret: string }];
    const body = organisationSignup({ siret });
    const res = await call('POST', '/api/signup', null, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'siret_taken', errors: { siret: [organisationMessages.siretTaken] } });
    expect(await db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('updates the organisation and its contact through PUT /api/user/organisation; the person profile is refused to it', async () => {
    const organisation = await createOrganisation(db);
    const update = { ...organisationSignup({ organisation_name: 'Asso Verte et Bleue', city: 'Villeurbanne', contact_email: 'rh@asso.fr', firstname: 'Paul' }), email: organisation.email };
    const res = await call('PUT', '/api/user/organisation', organisation, update);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Paul', organisation: { organisation_name: 'Asso Verte et Bleue', city: 'Villeurbanne', contact_email: 'rh@asso.fr', siret: update.siret } });

    const person = await call('PUT', '/api/user/profile', organisation, { firstName: 'A', lastName: 'B', email: organisation.email, birthDate: '1990-01-01', gender: 'female' });
    expect(person.statusCode).toBe(403);
    const membre = await createUser(db, { role: 'membre' });
    expect((await call('PUT', '/api/user/organisation', membre, update)).statusCode).toBe(403);
  });

  it('refuses, on the profile, a SIRET another organisation holds and a wrong key', async () => {
    const [first, second] = [await createOrganisation(db), await createOrganisation(db)];
    const [{ siret }] = (await db.select({ siret: organisations.siret }).from(organisations).where(eq(organisations.userId, first.id))) as [{ siret: string }];
    const taken = await call('PUT', '/api/user/organisation', second, { ...organisationSignup({ siret }), email: second.email });
    expect(taken.statusCode).toBe(409);
    const wrong = await call('PUT', '/api/user/organisation', second, { ...organisationSignup({ siret: '73282932000075' }), email: second.email });
    expect(wrong.json().errors).toEqual({ siret: [organisationMessages.siretChecksum] });
  });
});

describe('invitations one at a time', () => {
  it('invites an address without an account: the e-mail links to the signup prefilled by the invitation', async () => {
    const organisation = await createOrganisation(db, { name: 'Coop Soleil' });
    const to = email();
    const res = await call('POST', '/api/organisation/invitations', organisation, { email: ` ${to.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ resent: false, sent: true, notice: null, member: { email: to, status: 'invited', name: null, expired: false } });

    const token = await invitationLink(to, '/signup');
    const [message] = mail.to(to).slice(-1);
    // The organisation's name (whatever was typed at signup) stays out of the subject; the body names it (issue 25).
    expect(message!.subject).toBe('Invitation à vous former sur EcoForma');
    expect(message!.subject).not.toContain('Coop Soleil');
    expect(message!.text).toContain('Coop Soleil à voir votre progression');
    const lookup = await call('POST', '/api/invitations/lookup', null, { token });
    expect(lookup.json()).toMatchObject({ organisation_name: 'Coop Soleil', email: to });
  });

  it('sends someone who has an account to the join confirmation; inviting again replaces the link', async () => {
    const organisation = await createOrganisation(db);
    const learner = await createUser(db, { role: 'membre', email: email() });
    await call('POST', '/api/organisation/invitations', organisation, { email: learner.email });
    const first = await invitationLink(learner.email, '/rejoindre');
    // A day later (the same day nothing is sent again: see the next test).
    await db.update(organisationMembers).set({ invitedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(organisationMembers.email, learner.email));
    const again = await call('POST', '/api/organisation/invitations', organisation, { email: learner.email });
    expect(again.json()).toMatchObject({ resent: true, sent: true, notice: null });
    const second = await invitationLink(learner.email, '/rejoindre');
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/invitations/lookup', null, { token: first })).statusCode).toBe(400);
    expect((await call('POST', '/api/invitations/lookup', null, { token: second })).statusCode).toBe(200);
    // Before accepting, the organisation reads nothing of the account: not even its name.
    const list = (await call('GET', '/api/organisation/members', organisation)).json() as OrganisationMembersResponse;
    expect(list.items).toEqual([expect.objectContaining({ email: learner.email, status: 'invited', name: null, courses: [] })]);
  });

  it('sends one e-mail a day at most to a pending address: inviting it again within 24 h says so and sends nothing', async () => {
    const organisation = await createOrganisation(db);
    const to = email('relance');
    expect((await call('POST', '/api/organisation/invitations', organisation, { email: to })).statusCode).toBe(201);
    const first = await invitationLink(to, '/signup');
    const outbox = await outboxCount();

    const again = await call('POST', '/api/organisation/invitations', organisation, { email: to });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ resent: true, sent: false, notice: organisationMessages.recentlyInvited, member: { email: to, status: 'invited' } });
    expect(organisationMessages.recentlyInvited).toBe(
      "Une invitation a déjà été envoyée à cette adresse il y a moins de 24 heures\u00a0: aucun nouvel e-mail n'est envoyé. Réessayez demain si la personne ne l'a pas reçue.",
    );
    expect(await outboxCount()).toBe(outbox);
    // The first link still works: nothing was replaced.
    expect((await call('POST', '/api/invitations/lookup', null, { token: first })).statusCode).toBe(200);

    // 24 hours later, a new link goes out.
    await db.update(organisationMembers).set({ invitedAt: new Date(Date.now() - 24 * 3_600_000 - 60_000) }).where(eq(organisationMembers.email, to));
    const later = await call('POST', '/api/organisation/invitations', organisation, { email: to });
    expect(later.json()).toMatchObject({ resent: true, sent: true, notice: null });
    expect(await outboxCount()).toBe(outbox + 1);
  });

  it('refuses to invite an active member, and an organisation that has not given its details yet', async () => {
    const organisation = await createOrganisation(db);
    const { user } = await memberOf(organisation.id);
    const res = await call('POST', '/api/organisation/invitations', organisation, { email: user.email });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [organisationMessages.alreadyMember] });

    const bare = await createUser(db, { role: 'organisme' });
    const refused = await call('POST', '/api/organisation/invitations', bare, { email: email() });
    expect([refused.statusCode, refused.json().message]).toEqual([409, organisationMessages.detailsMissing]);
  });

  it('is for organisations only: a member, a trainer or an administrator gets 403', async () => {
    for (const role of ['membre', 'formateur', 'admin'] as const) {
      const caller = await createUser(db, { role, isValid: true });
      expect((await call('POST', '/api/organisation/invitations', caller, { email: email() })).statusCode).toBe(403);
      expect((await call('GET', '/api/organisation/dashboard', caller)).statusCode).toBe(403);
    }
  });
});

describe('CSV import', () => {
  it('previews each row with its French error, writing nothing', async () => {
    const organisation = await createOrganisation(db);
    const { user: active } = await memberOf(organisation.id);
    const pending = email('attente');
    await insertMembership(db, organisation.id, { email: pending }, { invitedAt: new Date(Date.now() - 2 * 86_400_000) });
    const recent = email('recente');
    await insertMembership(db, organisation.id, { email: recent });
    const fresh = email('nouveau');
    const csv = ['Nom;E-mail', `Nouveau;${fresh}`, 'Sans arobase;pas-une-adresse', 'Vide;', `Encore;${fresh.toUpperCase()}`, `Déjà;${active.email}`, `Attente;${pending}`, `Récente;${recent}`].join('\n');
    const [members, outbox] = [await membersCount(organisation.id), await outboxCount()];

    const res = await call('POST', '/api/organisation/invitations/preview', organisation, { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual<ImportPreview>({
      rows: [
        { line: 2, email: fresh, firstname: null, lastname: 'Nouveau', status: 'new', message: null },
        { line: 3, email: 'pas-une-adresse', firstname: null, lastname: 'Sans arobase', status: 'error', message: organisationMessages.rowEmailInvalid },
        { line: 4, email: '', firstname: null, lastname: 'Vide', status: 'error', message: organisationMessages.rowEmailMissing },
        { line: 5, email: fresh, firstname: null, lastname: 'Encore', status: 'duplicate', message: 'Cette adresse figure déjà ligne 2 du fichier\u00a0: les deux lignes sont fusionnées.' },
        { line: 6, email: active.email, firstname: null, lastname: 'Déjà', status: 'error', message: organisationMessages.rowAlreadyMember },
        { line: 7, email: pending, firstname: null, lastname: 'Attente', status: 'resend', message: organisationMessages.rowResend },
        { line: 8, email: recent, firstname: null, lastname: 'Récente', status: 'recent', message: organisationMessages.rowRecent },
      ],
      counts: { new: 1, resend: 1, recent: 1, duplicate: 1, error: 3 },
    });
    expect([await membersCount(organisation.id), await outboxCount()]).toEqual([members, outbox]);
  });

  it('imports nothing at all when one row is wrong', async () => {
    const organisation = await createOrganisation(db);
    const csv = [email(), email(), 'faux@', email()].join('\r\n');
    const [members, outbox] = [await membersCount(organisation.id), await outboxCount()];
    const res = await call('POST', '/api/organisation/invitations/import', organisation, { csv });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: organisationMessages.importHasErrors, errors: { 'lines.3': [organisationMessages.rowEmailInvalid] } });
    expect([await membersCount(organisation.id), await outboxCount()]).toEqual([members, outbox]);
  });

  it('imports a spreadsheet’s file (BOM, commas, quotes, header anywhere) and e-mails every invitation', async () => {
    const organisation = await createOrganisation(db);
    const addresses = [email('a'), email('b'), email('c')];
    const csv = `\ufeffPrénom,"Adresse e-mail",Service\r\nAnne,${addresses[0]},"RH, paie"\r\n"Bruno ""Bob""",${addresses[1]},Achats\r\n\r\nChloé,${addresses[2]},\r\n`;
    const res = await call('POST', '/api/organisation/invitations/import', organisation, { csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ invited: 3, resent: 0, recent: 0, merged: 0, skipped: 0 });
    expect(await membersCount(organisation.id)).toBe(3);
    await mail.deliver();
    for (const address of addresses) expect(mail.to(address)).toHaveLength(1);
  });

  it('takes up to 1,000 rows and refuses more, and an empty file, with French messages', async () => {
    const organisation = await createOrganisation(db);
    const rows = (n: number) => Array.from({ length: n }, (_v, i) => `lot-${i}-${randomBytes(3).toString('hex')}@exemple.fr`).join('\n');
    const full = await call('POST', '/api/organisation/invitations/preview', organisation, { csv: rows(IMPORT_MAX_ROWS) });
    expect(full.json().counts).toEqual({ new: IMPORT_MAX_ROWS, resend: 0, recent: 0, duplicate: 0, error: 0 });
    const imported = await call('POST', '/api/organisation/invitations/import', organisation, { csv: rows(IMPORT_MAX_ROWS) });
    expect(imported.json()).toEqual({ invited: IMPORT_MAX_ROWS, resent: 0, recent: 0, merged: 0, skipped: 0 });
    const [queued] = await db.select({ n: count() }).from(mailOutbox).where(sql`${mailOutbox.recipient} like 'lot-%'`);
    expect(Number(queued!.n)).toBe(IMPORT_MAX_ROWS);
    // The other tests deliver the outbox: a thousand messages to the test SMTP server would only slow them.
    await db.delete(mailOutbox).where(sql`${mailOutbox.recipient} like 'lot-%'`);

    const tooMany = await call('POST', '/api/organisation/invitations/preview', organisation, { csv: rows(IMPORT_MAX_ROWS + 1) });
    expect([tooMany.statusCode, tooMany.json().errors]).toEqual([422, { csv: [organisationMessages.importTooManyRows] }]);
    const empty = await call('POST', '/api/organisation/invitations/preview', organisation, { csv: 'email\n\n' });
    expect([empty.statusCode, empty.json().errors]).toEqual([422, { csv: [organisationMessages.importEmpty] }]);
  });
});

describe('the learner answers: accept with consent, decline, leave', () => {
  async function invited(organisation: { id: number }) {
    const learner = await createUser(db, { role: 'membre', email: email() });
    await call('POST', '/api/organisation/invitations', organisation, { email: learner.email });
    return { learner, token: await invitationLink(learner.email, '/rejoindre') };
  }

  it('accepts only with consent, then the organisation sees the member; the link works once', async () => {
    const organisation = await createOrganisation(db, { name: 'Régie des Eaux' });
    const { learner, token } = await invited(organisation);
    const noConsent = await call('POST', '/api/invitations/accept', learner, { token });
    expect([noConsent.statusCode, noConsent.json().errors]).toEqual([422, { consent: [organisationMessages.consentRequired] }]);

    const res = await call('POST', '/api/invitations/accept', learner, { token, consent: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ organisation_name: 'Régie des Eaux', courses: [] });
    expect((await call('POST', '/api/invitations/accept', learner, { token, consent: true })).statusCode).toBe(400);
    const list = (await call('GET', '/api/organisation/members', organisation)).json() as OrganisationMembersResponse;
    expect(list.items[0]).toMatchObject({ status: 'active', name: `${learner.firstname} ${learner.lastname}` });
    expect((await call('GET', '/api/user/organisations', learner)).json()).toEqual([expect.objectContaining({ organisation_name: 'Régie des Eaux' })]);
  });

  it('lets only the invited account answer: another member holding the link gets 403 and changes nothing', async () => {
    const organisation = await createOrganisation(db);
    const { learner, token } = await invited(organisation);
    const intruder = await createUser(db, { role: 'membre', email: email('intrus') });
    for (const url of ['/api/invitations/accept', '/api/invitations/decline']) {
      const res = await call('POST', url, intruder, { token, consent: true });
      expect([res.statusCode, res.json().message]).toEqual([403, organisationMessages.invitationOtherAccount]);
    }
    const [row] = await db.select().from(organisationMembers).where(eq(organisationMembers.email, learner.email));
    expect([row!.status, row!.userId]).toEqual(['invited', null]);
    // Organisations and trainers cannot answer an invitation at all.
    expect((await call('POST', '/api/invitations/accept', organisation, { token, consent: true })).statusCode).toBe(403);
  });

  it('declines: the link is spent and the organisation sees the refusal', async () => {
    const organisation = await createOrganisation(db);
    const { learner, token } = await invited(organisation);
    expect((await call('POST', '/api/invitations/decline', learner, { token })).statusCode).toBe(204);
    expect((await call('POST', '/api/invitations/accept', learner, { token, consent: true })).statusCode).toBe(400);
    const list = (await call('GET', '/api/organisation/members', organisation)).json() as OrganisationMembersResponse;
    expect(list.items[0]).toMatchObject({ status: 'declined', name: null });
  });

  it('refuses an expired link', async () => {
    const organisation = await createOrganisation(db);
    const { learner, token } = await invited(organisation);
    await db.update(organisationMembers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(organisationMembers.email, learner.email));
    const res = await call('POST', '/api/invitations/accept', learner, { token, consent: true });
    expect([res.statusCode, res.json().error_code, res.json().message]).toEqual([400, 'invalid_link', organisationMessages.invitationInvalid]);
  });

  it('leaves: the membership ends; another learner cannot end someone else’s', async () => {
    const organisation = await createOrganisation(db);
    const { user, membership } = await memberOf(organisation.id);
    const other = await createUser(db, { role: 'membre' });
    const refused = await call('DELETE', `/api/user/organisations/${membership.id}`, other);
    expect([refused.statusCode, refused.json().message]).toEqual([404, organisationMessages.membershipNotFound]);
    expect((await db.select().from(organisationMembers).where(eq(organisationMembers.id, membership.id)))[0]!.status).toBe('active');

    expect(await notificationsOf(organisation.id)).toEqual([]);

    expect((await call('DELETE', `/api/user/organisations/${membership.id}`, user)).statusCode).toBe(204);
    expect((await db.select().from(organisationMembers).where(eq(organisationMembers.id, membership.id)))[0]!.status).toBe('left');
    expect((await call('GET', '/api/user/organisations', user)).json()).toEqual([]);
    // The organisation is told, in the app and by e-mail.
    const told = `${user.firstname} ${user.lastname} a quitté votre organisation`;
    expect(await notificationsOf(organisation.id)).toEqual([{ kind: 'organisation_member_left', title: told }]);
    await mail.deliver();
    expect(mail.to(organisation.email).map((m) => m.subject)).toContain(told);
    // Leaving twice is refused, and tells nobody again.
    expect((await call('DELETE', `/api/user/organisations/${membership.id}`, user)).statusCode).toBe(404);
    expect(await notificationsOf(organisation.id)).toHaveLength(1);
  });
});

describe('seats and enrolments', () => {
  it('enrols several members at once within the pool; each takes a seat and follows the course', async () => {
    const organisation = await createOrganisation(db);
    const c = await course();
    await insertSeats(db, organisation.id, c.id, 3);
    const [a, b] = [await memberOf(organisation.id), await memberOf(organisation.id)];
    const res = await call('POST', '/api/organisation/enrolments', organisation, { course_id: c.id, member_ids: [a.membership.id, b.membership.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enrolled: 2, already: 0, course: { id: c.id, title: c.title, seats: 3, used: 2 } });
    const learning = await db.select().from(enrolments).where(eq(enrolments.courseId, c.id));
    expect(learning.map((e) => e.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    // Each is told, as a learner who enrols themselves is (the one enrolment owner).
    const confirmations = async (userId: number) =>
      db.select({ kind: notifications.kind }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'enrolment_confirmed')));
    expect(await confirmations(a.user.id)).toHaveLength(1);
    expect(await confirmations(b.user.id)).toHaveLength(1);

    // Enrolling the same member again takes no seat, and says nothing.
    const again = await call('POST', '/api/organisation/enrolments', organisation, { course_id: c.id, member_ids: [a.membership.id] });
    expect(again.json()).toMatchObject({ enrolled: 0, already: 1, course: { used: 2 } });
    expect(await confirmations(a.user.id)).toHaveLength(1);
    expect((await call('GET', '/api/organisation/courses', organisation)).json()).toEqual([{ id: c.id, title: c.title, seats: 3, used: 2 }]);
  });

  it('refuses beyond the pool with a clear message, and writes nothing', async () => {
    const organisation = await createOrganisation(db);
    const c = await course('Compostage collectif');
    await insertSeats(db, organisation.id, c.id, 2, 1);
    const [a, b] = [await memberOf(organisation.id), await memberOf(organisation.id)];
    const res = await call('POST', '/api/organisation/enrolments', organisation, { course_id: c.id, member_ids: [a.membership.id, b.membership.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error_code: 'seats_exhausted',
      message: organisationMessages.seatsExhausted('Compostage collectif', 1, 2),
    });
    expect(res.json().message).toBe("Il ne reste qu’une place pour «\u00a0Compostage collectif\u00a0»\u00a0: impossible d'inscrire ces 2 membres. Demandez un devis pour des places supplémentaires.");
    expect(await db.select().from(organisationEnrolments).where(eq(organisationEnrolments.courseId, c.id))).toEqual([]);
    expect(await db.select().from(enrolments).where(eq(enrolments.courseId, c.id))).toEqual([]);
    expect((await db.select().from(organisationSeats).where(eq(organisationSeats.courseId, c.id)))[0]!.used).toBe(1);

    const other = await course('Sans places');
    const none = await call('POST', '/api/organisation/enrolments', organisation, { course_id: other.id, member_ids: [a.membership.id] });
    expect([none.statusCode, none.json().message]).toEqual([409, organisationMessages.noSeats('Sans places')]);
  });

  it('gives the last seat to exactly one of two enrolments sent at the same time', async () => {
    const organisation = await createOrganisation(db);
    const c = await course();
    await insertSeats(db, organisation.id, c.id, 1);
    const [a, b] = [await memberOf(organisation.id), await memberOf(organisation.id)];
    const headers = await authHeader(db, organisation);
    const answers = await Promise.all(
      [a, b].map((m) => app.inject({ method: 'POST', url: '/api/organisation/enrolments', headers, payload: { course_id: c.id, member_ids: [m.membership.id] } })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [pool] = await db.select().from(organisationSeats).where(eq(organisationSeats.courseId, c.id));
    expect([pool!.seats, pool!.used]).toEqual([1, 1]);
    expect(await db.select().from(organisationEnrolments).where(eq(organisationEnrolments.courseId, c.id))).toHaveLength(1);
  });

  it('enrols only its own active members into published courses', async () => {
    const organisation = await createOrganisation(db);
    const otherOrganisation = await createOrganisation(db);
    const c = await course();
    await insertSeats(db, organisation.id, c.id, 10);
    const stranger = await memberOf(otherOrganisation.id);
    const pending = await insertMembership(db, organisation.id, { email: email() });
    const leaver = await memberOf(organisation.id);
    await db.update(organisationMembers).set({ status: 'left' }).where(eq(organisationMembers.id, leaver.membership.id));
    for (const id of [stranger.membership.id, pending.id, leaver.membership.id]) {
      const res = await call('POST', '/api/organisation/enrolments', organisation, { course_id: c.id, member_ids: [id] });
      expect([res.statusCode, res.json().errors]).toEqual([422, { member_ids: [organisationMessages.membersGone] }]);
    }
    const draft = await insertCourse(db, author.id, { status: 'draft' });
    const member = await memberOf(organisation.id);
    const res = await call('POST', '/api/organisation/enrolments', organisation, { course_id: draft.id, member_ids: [member.membership.id] });
    expect([res.statusCode, res.json().message]).toEqual([404, organisationMessages.courseNotFound]);
  });

  it('lets an administrator set a pool, never below the seats used, and lists organisations with their counts', async () => {
    const organisation = await createOrganisation(db, { name: `Mairie ${randomBytes(3).toString('hex')}` });
    const c = await course();
    await memberOf(organisation.id);
    await insertMembership(db, organisation.id, { email: email() });
    const set = await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: c.id, seats: 5 });
    expect(set.json()).toEqual({ course_id: c.id, course_title: c.title, seats: 5, used: 0 });
    await db.update(organisationSeats).set({ used: 4 }).where(and(eq(organisationSeats.organisationId, organisation.id), eq(organisationSeats.courseId, c.id)));
    const below = await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: c.id, seats: 3 });
    expect([below.statusCode, below.json().errors]).toEqual([422, { seats: [organisationMessages.seatsBelowUsed(4)] }]);
    expect((await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, admin, { course_id: c.id, seats: 4 })).statusCode).toBe(200);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetId, organisation.id), eq(auditLog.action, 'organisation_seats')));
    expect(audit).toHaveLength(2);

    const list = await call('GET', `/api/admin/organisations?q=${encodeURIComponent(organisation.organisationName)}`, admin);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: organisation.id, members: { active: 1, invited: 1 }, seats: [{ course_id: c.id, seats: 4, used: 4 }] }] });
    expect((await call('PUT', `/api/admin/organisations/${author.id}/seats`, admin, { course_id: c.id, seats: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/organisations/${organisation.id}/seats`, organisation, { course_id: c.id, seats: 99 })).statusCode).toBe(403);
  });
});

describe('dashboard', () => {
  async function dashboard(organisation: { id: number }, query = '') {
    const res = await call('GET', `/api/organisation/dashboard${query}`, organisation);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardResponse;
  }

  async function enrolled(organisation: { id: number }, c: { id: number }, names: { firstname?: string; lastname?: string } = {}) {
    const m = await memberOf(organisation.id, names);
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: m.user.id, courseId: c.id });
    await enrol(db, m.user.id, c.id);
    return m;
  }

  it('shows each consenting member’s progress, last activity, completion and attestation; never anyone else', async () => {
    const organisation = await createOrganisation(db);
    const c = await course('Sobriété numérique');
    const started = await enrolled(organisation, c, { firstname: 'Anne', lastname: 'Avance' });
    const done = await enrolled(organisation, c, { firstname: 'Bruno', lastname: 'Boucle' });
    await memberOf(organisation.id, { firstname: 'Chloé', lastname: 'Cours' });
    // Invited but not accepted, and a learner of another organisation: absent.
    const invitedAccount = await createUser(db, { role: 'membre', email: email() });
    await insertMembership(db, organisation.id, { email: invitedAccount.email });
    const otherOrganisation = await createOrganisation(db);
    await enrolled(otherOrganisation, c, { firstname: 'Zoé', lastname: 'Ailleurs' });

    expect((await call('POST', `/api/lessons/${c.lessons[0]!.id}/complete`, started.user)).statusCode).toBe(200);
    for (const lesson of c.lessons) expect((await call('POST', `/api/lessons/${lesson.id}/complete`, done.user)).statusCode).toBe(200);

    const board = await dashboard(organisation);
    expect(board.summary).toEqual({ members: 3, enrolments: 2, completed: 1, inactive: 0 });
    expect(board.items.map((r) => [r.name, r.course?.title ?? null, r.percent])).toEqual([
      ['Anne Avance', 'Sobriété numérique', 50],
      ['Bruno Boucle', 'Sobriété numérique', 100],
      ['Chloé Cours', null, 0],
    ]);
    const [anne, bruno] = board.items;
    expect(anne!.last_activity_at).not.toBeNull();
    expect([anne!.completed_at, anne!.certificate]).toEqual([null, null]);
    expect(bruno!.completed_at).not.toBeNull();
    expect(bruno!.certificate?.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(board)).not.toContain(invitedAccount.email);
    expect(JSON.stringify(board)).not.toContain('Ailleurs');
  });

  it('stops showing a member as soon as they leave, in the dashboard, the export and the members list', async () => {
    const organisation = await createOrganisation(db);
    const c = await course();
    const m = await enrolled(organisation, c, { firstname: 'Léo', lastname: 'Départ' });
    expect((await dashboard(organisation)).items).toHaveLength(1);
    expect((await call('DELETE', `/api/user/organisations/${m.membership.id}`, m.user)).statusCode).toBe(204);

    expect((await dashboard(organisation)).items).toEqual([]);
    const exported = await call('GET', '/api/organisation/dashboard/export', organisation);
    expect(exported.body).not.toContain('Départ');
    const list = (await call('GET', '/api/organisation/members', organisation)).json() as OrganisationMembersResponse;
    expect(list.items).toEqual([expect.objectContaining({ status: 'left', name: null, courses: [] })]);
    // The organisation's seat stays used: it was spent on an enrolment that happened.
    expect(JSON.stringify(list)).not.toContain('Départ');
  });

  it('removing a member ends the organisation’s access the same way', async () => {
    const organisation = await createOrganisation(db);
    const c = await course();
    const m = await enrolled(organisation, c);
    const otherOrganisation = await createOrganisation(db);
    expect((await call('DELETE', `/api/organisation/members/${m.membership.id}`, otherOrganisation)).statusCode).toBe(404);
    expect((await dashboard(organisation)).items).toHaveLength(1);
    expect(await notificationsOf(m.user.id)).toEqual([]);
    expect((await call('DELETE', `/api/organisation/members/${m.membership.id}`, organisation)).statusCode).toBe(204);
    expect((await dashboard(organisation)).items).toEqual([]);
    // The person removed is told who no longer follows them.
    expect(await notificationsOf(m.user.id)).toEqual([{ kind: 'organisation_membership_ended', title: `Vous ne faites plus partie de ${organisation.organisationName}` }]);
  });

  it('cancelling an invitation tells nobody: there is no member yet', async () => {
    const organisation = await createOrganisation(db);
    const learner = await createUser(db, { role: 'membre', email: email() });
    await call('POST', '/api/organisation/invitations', organisation, { email: learner.email });
    const [invitation] = await db.select({ id: organisationMembers.id }).from(organisationMembers).where(eq(organisationMembers.email, learner.email));
    // The invitation itself was announced under the bell (issue 25); its cancellation adds nothing.
    const announced = [{ kind: 'organisation_invitation', title: `${organisation.organisationName} vous invite à la rejoindre` }];
    expect(await notificationsOf(learner.id)).toEqual(announced);
    expect((await call('DELETE', `/api/organisation/members/${invitation!.id}`, organisation)).statusCode).toBe(204);
    expect(await notificationsOf(learner.id)).toEqual(announced);
    expect(await notificationsOf(organisation.id)).toEqual([]);
  });

  it('filters by status, course and search, and highlights 14 days without activity', async () => {
    const organisation = await createOrganisation(db);
    const [c1, c2] = [await course('Eau'), await course('Air')];
    const idle = await enrolled(organisation, c1, { firstname: 'Ines', lastname: 'Inactive' });
    const busy = await enrolled(organisation, c1, { firstname: 'Hugo', lastname: 'Actif' });
    await enrolled(organisation, c2, { firstname: 'Nina', lastname: 'Nouvelle' });
    // Inactivity counts from the enrolment when nothing was ever done, as the follow-up reminders count it.
    await db.execute(sql`update enrolments set created_at = now() - interval '20 days' where user_id = ${idle.user.id}`);
    await call('POST', `/api/lessons/${c1.lessons[0]!.id}/complete`, busy.user);

    const names = async (query: string) => (await dashboard(organisation, query)).items.map((r) => r.name);
    expect(await names('?status=inactive')).toEqual(['Ines Inactive']);
    expect(await names('?status=in_progress')).toEqual(['Hugo Actif']);
    expect(await names('?status=not_started')).toEqual(['Ines Inactive', 'Nina Nouvelle']);
    expect(await names(`?course_id=${c2.id}`)).toEqual(['Nina Nouvelle']);
    expect(await names('?q=HUGO')).toEqual(['Hugo Actif']);
    const all = await dashboard(organisation);
    expect(all.items.find((r) => r.name === 'Ines Inactive')!.inactive).toBe(true);
    expect(all.summary.inactive).toBe(1);
    const paged = await dashboard(organisation, '?pageSize=2&page=2');
    expect([paged.total, paged.items.map((r) => r.name)]).toEqual([3, ['Nina Nouvelle']]);
  });

  /** The counters as the triggers keep them, and as the tables say they should be, counted here in JavaScript. */
  async function counters(organisationId: number) {
    const stored = await db.select().from(organisationProgressCounts).where(eq(organisationProgressCounts.organisationId, organisationId));
    const kept = Object.fromEntries(stored.filter((r) => r.n !== 0).map((r) => [r.bucket, r.n]));
    const active = await db.select({ userId: organisationMembers.userId }).from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.status, 'active')));
    const pairs = await db.select({ userId: organisationEnrolments.userId, completedAt: enrolments.completedAt, lastActivityAt: enrolments.lastActivityAt }).from(organisationEnrolments)
      .leftJoin(enrolments, and(eq(enrolments.userId, organisationEnrolments.userId), eq(enrolments.courseId, organisationEnrolments.courseId)))
      .where(eq(organisationEnrolments.organisationId, organisationId));
    const expected: Record<string, number> = {};
    const add = (bucket: string) => (expected[bucket] = (expected[bucket] ?? 0) + 1);
    for (const { userId } of active) {
      add('members');
      const own = pairs.filter((p) => p.userId === userId);
      if (own.length === 0) add('unenrolled');
      for (const p of own) add(p.completedAt ? 'completed' : p.lastActivityAt ? 'in_progress' : 'not_started');
    }
    return { kept, expected };
  }

  it('keeps its counters exact through joining, enrolling, learning, leaving and deleting, in every organisation', async () => {
    const [a, b] = [await createOrganisation(db), await createOrganisation(db)];
    const [c1, c2] = [await course('Compost'), await course('Haies')];
    const check = async () => {
      for (const o of [a, b]) {
        const { kept, expected } = await counters(o.id);
        expect(kept).toEqual(expected);
      }
    };
    await check();
    const first = await enrolled(a, c1);
    const both = await enrolled(a, c1);
    await enrolled(b, c1);
    const alone = await memberOf(a.id);
    await db.insert(organisationMembers).values({ organisationId: b.id, email: both.user.email, userId: both.user.id, status: 'active', expiresAt: new Date(), joinedAt: new Date() });
    await db.insert(organisationEnrolments).values([{ organisationId: a.id, userId: first.user.id, courseId: c2.id }, { organisationId: b.id, userId: both.user.id, courseId: c1.id }]);
    await check();
    expect((await counters(a.id)).kept).toEqual({ members: 3, unenrolled: 1, not_started: 3 });

    // Learning: opening a lesson starts the course, completing every lesson completes it (and 14 days idle changes no counter).
    expect((await call('GET', `/api/lessons/${c1.lessons[0]!.id}`, both.user)).statusCode).toBe(200);
    for (const lesson of c1.lessons) expect((await call('POST', `/api/lessons/${lesson.id}/complete`, first.user)).statusCode).toBe(200);
    await check();
    expect((await counters(a.id)).kept).toEqual({ members: 3, unenrolled: 1, not_started: 1, in_progress: 1, completed: 1 });
    expect((await counters(b.id)).kept).toEqual({ members: 2, not_started: 1, in_progress: 1 });

    // An enrolment withdrawn, a membership ended and taken up again, an invitation (no account yet).
    await enrol(db, first.user.id, c2.id);
    await db.delete(enrolments).where(and(eq(enrolments.userId, first.user.id), eq(enrolments.courseId, c2.id)));
    expect((await call('DELETE', `/api/user/organisations/${both.membership.id}`, both.user)).statusCode).toBe(204);
    await check();
    await db.update(organisationMembers).set({ status: 'active' }).where(eq(organisationMembers.id, both.membership.id));
    await insertMembership(db, a.id, { email: email() });
    await check();

    // Deletions cascade: a course, a learner's account, an organisation enrolment, the last pair of a member.
    await db.delete(courses).where(eq(courses.id, c2.id));
    await check();
    await db.delete(users).where(eq(users.id, both.user.id));
    await check();
    await db.delete(organisationEnrolments).where(and(eq(organisationEnrolments.organisationId, a.id), eq(organisationEnrolments.userId, first.user.id)));
    await check();
    expect((await counters(a.id)).kept).toEqual({ members: 2, unenrolled: 2 });
    await db.delete(users).where(eq(users.id, alone.user.id));
    await check();
    // The organisation's own deletion takes its counters with it.
    await db.delete(users).where(eq(users.id, a.id));
    expect((await counters(a.id)).kept).toEqual({});
    await check();
  });

  it('counts a search up to 1,000 rows and says when there are more; the counters stay exact', async () => {
    const organisation = await createOrganisation(db);
    await db.execute(sql`with u as (
        insert into users (email, password_hash, firstname, lastname, role, is_valid, search_text)
        select 'plafond-' || g || '@exemple.fr', 'x', 'Prenom', 'Plafond' || g, 'membre', true, 'prenom plafond' || g
        from generate_series(1, ${SEARCH_COUNT_CAP + 1}) g returning id, email)
      insert into organisation_members (organisation_id, email, user_id, status, expires_at, joined_at)
      select ${organisation.id}::int, u.email, u.id, 'active', now(), now() from u`);
    const broad = await dashboard(organisation, '?q=plafond');
    expect([broad.total, broad.totalCapped, broad.items]).toEqual([SEARCH_COUNT_CAP, true, expect.arrayContaining([expect.objectContaining({ name: 'Prenom Plafond1' })])]);
    const narrow = await dashboard(organisation, '?q=plafond100');
    expect([narrow.total, narrow.totalCapped]).toEqual([3, false]);
    const all = await dashboard(organisation);
    expect([all.total, all.totalCapped, all.summary.members]).toEqual([SEARCH_COUNT_CAP + 1, false, SEARCH_COUNT_CAP + 1]);
  });

  it('exports the whole table as CSV for a spreadsheet: UTF-8 BOM, semicolons, formulas neutralised', async () => {
    const organisation = await createOrganisation(db, { name: 'Asso Export' });
    const c = await course('Déchets; tri "sélectif"');
    await enrolled(organisation, c, { firstname: '=HYPERLINK("http://x")', lastname: 'Piège' });
    for (let i = 0; i < 3; i++) await enrolled(organisation, c, { firstname: `Membre${i}` });
    const res = await call('GET', '/api/organisation/dashboard/export?pageSize=1', organisation);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="progression-asso-export-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Membre;E-mail;Formation;Statut;Progression (%);Leçons terminées;Leçons;Inscrit le;Dernière activité;Terminée le;Attestation');
    // Every row, not one page.
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"") Piège";`))).toBe(true);
    expect(lines[1]).toContain(';"Déchets; tri ""sélectif""";Pas commencé;0;0;2;');
  });
});
