import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import {
  opportunityMessages,
  parisToday,
  type MyApplications,
  type Opportunity,
  type OpportunityPage,
  type OpportunityResponses,
} from '../../../shared/opportunities';
import { certificates, mailOutbox, notifications, opportunities, opportunityDigests, opportunityResponses, users } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, certificateSnapshot, createOrganisation, createUser } from '../../test/factories';
import { headerValue, type CaughtMail } from '../../test/mail';
import { unsubscribeSecret, unsubscribeToken } from '../notifications';
import { DIGEST_INTERVAL_MS, sendWeeklyDigests } from './opportunities.service';

const PUBLIC_URL = 'https://formation.exemple.fr';
const ctx = await createTestApp({ publicUrl: PUBLIC_URL });
const { app, db } = ctx;
const mail = await catchMail(ctx);

/** A verification code as the certificates module draws them: base64url of 16 random bytes. */
const newCertificateCode = () => randomBytes(16).toString('base64url');

type Caller = { id: number } | null;
async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

const admin = await createUser(db, { role: 'admin' });
const organisation = await createOrganisation(db, { name: 'Ferme des Possibles' });
const otherOrganisation = await createOrganisation(db);
const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const pendingTrainer = await createUser(db, { role: 'formateur', isValid: false });

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Chargé·e de mission biodiversité',
    description: 'Inventaires de terrain et animation auprès des habitants du quartier.',
    type: 'job',
    region: 'bretagne',
    domains: ['biodiversite'],
    location: 'Rennes',
    remote: false,
    deadline: dayOffset(30),
    ...overrides,
  };
}

async function post(owner: Caller = organisation, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/opportunities', owner, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Opportunity;
}

async function attestation(userId: number, revoked = false) {
  const [row] = await db
    .insert(certificates)
    .values({
      userId,
      courseId: null,
      number: `EF-2026-${Math.random().toString(36).slice(2, 10)}`,
      code: newCertificateCode(),
      snapshot: certificateSnapshot({ course_title: 'Inventaire naturaliste' }),
      ...(revoked ? { revokedAt: new Date(), revokedReason: 'Erreur' } : {}),
    })
    .returning();
  return row!;
}

describe('posting', () => {
  it('lets organisations and administrators post, and refuses members and trainers with 403', async () => {
    const created = await post();
    expect(created).toMatchObject({ title: 'Chargé·e de mission biodiversité', posted_by: 'Ferme des Possibles', open: true, can_manage: true, my_response: null });
    await post(admin, { type: 'volunteer' });
    const member = await createUser(db);
    for (const user of [member, trainer, pendingTrainer]) {
      const res = await call('POST', '/api/opportunities', user, body());
      expect(res.statusCode).toBe(403);
    }
    expect((await call('POST', '/api/opportunities', null, body())).statusCode).toBe(401);
  });

  it('refuses a bad title, an unknown type, no domain or a past deadline with 422 and stores nothing', async () => {
    const before = (await db.select().from(opportunities)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'Ab' }, 'title', opportunityMessages.titleTooShort],
      [{ title: 'Titre\u202Eénigmatique' }, 'title', authMessages.nameInvisibleCharacters],
      [{ type: 'lottery' }, 'type', opportunityMessages.typeRequired],
      [{ domains: [] }, 'domains', opportunityMessages.domainsRequired],
      [{ deadline: '2020-01-01' }, 'deadline', opportunityMessages.deadlinePast],
      [{ deadline: '2026-02-30' }, 'deadline', opportunityMessages.deadlineInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call('POST', '/api/opportunities', organisation, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.values(res.json().errors ?? {}).flat().concat(res.json().errors?.[field] ?? [])).toContain(message);
    }
    expect((await db.select().from(opportunities)).length).toBe(before);
  });

  it('lists open opportunities with filters by type, region and domain; closed and past ones leave the list', async () => {
    const member = await createUser(db);
    const target = await post(organisation, { type: 'internship', region: 'corse', domains: ['ecoconstruction'] });
    const closed = await post(organisation, { type: 'internship', region: 'corse', domains: ['ecoconstruction'] });
    await call('POST', `/api/opportunities/${closed.id}/close`, organisation);
    const past = await post(organisation, { type: 'internship', region: 'corse', domains: ['ecoconstruction'] });
    await db.update(opportunities).set({ deadline: dayOffset(-2) }).where(eq(opportunities.id, past.id));
    const page = (await call('GET', '/api/opportunities?type=internship&region=corse&domain=ecoconstruction', member)).json() as OpportunityPage;
    expect(page.items.map((o) => o.id)).toEqual([target.id]);
    expect(page.items[0]!.can_manage).toBe(false);
    expect(page.items[0]).not.toHaveProperty('responses_count');
    expect((await call('GET', '/api/opportunities?type=job&region=corse&domain=ecoconstruction', member)).json().total).toBe(0);
    expect((await call('GET', '/api/opportunities', null)).statusCode).toBe(401);
    const mine = (await call('GET', '/api/opportunities?scope=mine', organisation)).json() as OpportunityPage;
    expect(mine.items.map((o) => o.id)).toEqual(expect.arrayContaining([target.id, closed.id, past.id]));
  });

  it('lets only the owner (or an administrator) edit, close and delete', async () => {
    const created = await post();
    const edited = await call('PUT', `/api/opportunities/${created.id}`, otherOrganisation, body({ title: 'Détourné' }));
    expect(edited.statusCode).toBe(403);
    expect(edited.json().message).toBe(opportunityMessages.ownerOnly);
    expect((await call('POST', `/api/opportunities/${created.id}/close`, otherOrganisation)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/opportunities/${created.id}`, otherOrganisation)).statusCode).toBe(403);
    const ok = await call('PUT', `/api/opportunities/${created.id}`, organisation, body({ title: 'Chargé·e de mission zones humides' }));
    expect(ok.json().title).toBe('Chargé·e de mission zones humides');
    expect((await call('POST', `/api/opportunities/${created.id}/close`, admin)).json().open).toBe(false);
    expect((await call('DELETE', `/api/opportunities/${created.id}`, organisation)).statusCode).toBe(204);
    expect((await call('GET', `/api/opportunities/${created.id}`, organisation)).statusCode).toBe(404);
  });
});

describe('applications', () => {
  it('takes an application with the applicant’s chosen attestations, once (409), and tells the owner', async () => {
    const member = await createUser(db, { firstname: 'Inès', lastname: 'Candidate' });
    const shown = await attestation(member.id);
    await attestation(member.id);
    const opportunity = await post();
    const res = await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'Motivée !', certificate_codes: [shown.code] });
    expect(res.statusCode, res.body).toBe(201);
    const again = await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'Encore', certificate_codes: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error_code: 'already_answered', message: opportunityMessages.alreadyApplied });
    const [note] = await db.select().from(notifications).where(and(eq(notifications.userId, organisation.id), eq(notifications.kind, 'opportunity_response')));
    expect(note!.title).toContain('Nouvelle candidature');
    expect(note!.body).toContain('Inès Candidate');

    const mine = (await call('GET', '/api/user/applications', member)).json() as MyApplications;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ kind: 'application', message: 'Motivée !', opportunity: { id: opportunity.id, posted_by: 'Ferme des Possibles' } });
    expect(mine.items[0]!.attestations.map((a) => a.verification_code)).toEqual([shown.code]);
    expect((await call('GET', `/api/opportunities/${opportunity.id}`, member)).json().my_response.kind).toBe('application');
  });

  it('refuses after the deadline and once closed with 410', async () => {
    const member = await createUser(db);
    const late = await post();
    await db.update(opportunities).set({ deadline: dayOffset(-1) }).where(eq(opportunities.id, late.id));
    const res = await call('POST', `/api/opportunities/${late.id}/applications`, member, { message: 'Trop tard ?' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error_code: 'opportunity_closed', message: opportunityMessages.deadlinePassed });
    // The deadline day itself still counts.
    const today = await post(organisation, {});
    await db.update(opportunities).set({ deadline: parisToday() }).where(eq(opportunities.id, today.id));
    expect((await call('POST', `/api/opportunities/${today.id}/applications`, member, { message: 'Juste à temps' })).statusCode).toBe(201);
    const closed = await post();
    await call('POST', `/api/opportunities/${closed.id}/close`, organisation);
    expect((await call('POST', `/api/opportunities/${closed.id}/applications`, member, { message: 'Fermée ?' })).json().message).toBe(opportunityMessages.closed);
    expect(await db.select().from(opportunityResponses).where(eq(opportunityResponses.opportunityId, late.id))).toEqual([]);
  });

  it('refuses another person’s attestation, a revoked one, or a made-up code with 422 and records nothing', async () => {
    const member = await createUser(db);
    const other = await createUser(db);
    const foreign = await attestation(other.id);
    const revoked = await attestation(member.id, true);
    const own = await attestation(member.id);
    const opportunity = await post();
    for (const codes of [[foreign.code], [own.code, revoked.code], [newCertificateCode()]]) {
      const res = await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'Voici mes attestations', certificate_codes: codes });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(opportunityMessages.certificateNotYours);
    }
    const malformed = await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'x', certificate_codes: ['pas-un-code'] });
    expect(malformed.statusCode).toBe(422);
    expect(await db.select().from(opportunityResponses).where(eq(opportunityResponses.opportunityId, opportunity.id))).toEqual([]);
  });

  it('shows the answers to the owner and administrators only, by name, without e-mail', async () => {
    const member = await createUser(db, { firstname: 'Noé', lastname: 'Postulant' });
    const cert = await attestation(member.id);
    const opportunity = await post();
    await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'Bonjour', certificate_codes: [cert.code] });
    for (const user of [member, otherOrganisation, trainer]) {
      const res = await call('GET', `/api/opportunities/${opportunity.id}/applications`, user);
      expect(res.statusCode).toBe(403);
    }
    for (const user of [organisation, admin]) {
      const res = await call('GET', `/api/opportunities/${opportunity.id}/applications`, user);
      expect(res.statusCode).toBe(200);
      const list = res.json() as OpportunityResponses;
      expect(list.items).toEqual([
        expect.objectContaining({ kind: 'application', applicant: { id: member.id, firstname: 'Noé', lastname: 'Postulant', role: 'membre' }, message: 'Bonjour' }),
      ]);
      expect(list.items[0]!.attestations[0]).toMatchObject({ course_title: 'Inventaire naturaliste', verification_code: cert.code });
      expect(res.body).not.toContain('@');
    }
    // A revoked attestation is no longer shown.
    await db.update(certificates).set({ revokedAt: new Date(), revokedReason: 'Erreur' }).where(eq(certificates.id, cert.id));
    expect(((await call('GET', `/api/opportunities/${opportunity.id}/applications`, organisation)).json() as OpportunityResponses).items[0]!.attestations).toEqual([]);
    expect((await call('GET', '/api/opportunities/999999/applications', organisation)).statusCode).toBe(404);
  });

  it('refuses an application to a training request (409: a proposal is expected) and to one’s own opportunity (403)', async () => {
    const member = await createUser(db);
    const request = await post(organisation, { type: 'training_request' });
    const res = await call('POST', `/api/opportunities/${request.id}/applications`, member, { message: 'Je veux bien' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('use_proposal');
    const job = await post();
    expect((await call('POST', `/api/opportunities/${job.id}/applications`, organisation, { message: 'Moi-même' })).statusCode).toBe(403);
  });
});

describe('proposals', () => {
  it('takes an approved trainer’s proposal on a training request, once, and tells the owner', async () => {
    const request = await post(organisation, { type: 'training_request', title: 'Former nos équipes au compostage' });
    const res = await call('POST', `/api/opportunities/${request.id}/proposals`, trainer, { message: 'Je propose deux demi-journées.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().kind).toBe('proposal');
    expect((await call('POST', `/api/opportunities/${request.id}/proposals`, trainer, { message: 'Encore' })).statusCode).toBe(409);
    const notes = await db.select().from(notifications).where(and(eq(notifications.userId, organisation.id), eq(notifications.kind, 'opportunity_response')));
    expect(notes.some((n) => n.title === 'Nouvelle proposition\u00a0: Former nos équipes au compostage')).toBe(true);
    const list = (await call('GET', `/api/opportunities/${request.id}/applications`, organisation)).json() as OpportunityResponses;
    expect(list.items.map((i) => [i.kind, i.applicant.id])).toEqual([['proposal', trainer.id]]);
  });

  it('refuses members, organisations, trainers not approved (403) and other types (409)', async () => {
    const request = await post(organisation, { type: 'training_request' });
    const member = await createUser(db);
    for (const user of [member, otherOrganisation, pendingTrainer, admin]) {
      const res = await call('POST', `/api/opportunities/${request.id}/proposals`, user, { message: 'Proposition' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(opportunityMessages.proposalForbidden);
    }
    const job = await post();
    const res = await call('POST', `/api/opportunities/${job.id}/proposals`, trainer, { message: 'Proposition' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error_code: 'not_a_training_request', message: opportunityMessages.proposalOnlyForTrainingRequest });
  });
});

describe('weekly digest', () => {
  async function digestMails(email: string) {
    return db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.template, 'opportunity-digest')));
  }

  it('sends one mail a week to opted-in people, with the new opportunities of their domains only', async () => {
    await db.delete(opportunities);
    const optedIn = await createUser(db);
    const otherDomain = await createUser(db);
    const notOptedIn = await createUser(db);
    expect((await call('GET', '/api/user/opportunity-digest', optedIn)).json()).toEqual({ weekly: false, domains: [] });
    const saved = await call('PUT', '/api/user/opportunity-digest', optedIn, { weekly: true, domains: ['dechets'] });
    expect(saved.json()).toEqual({ weekly: true, domains: ['dechets'] });
    await call('PUT', '/api/user/opportunity-digest', otherDomain, { weekly: true, domains: ['rse'] });

    const matching = await post(organisation, { domains: ['dechets', 'ecologie'], title: 'Maître-composteur' });
    await post(organisation, { domains: ['biodiversite'], title: 'Hors domaine' });
    expect(await sendWeeklyDigests(db)).toBe(1);
    const [mail] = await digestMails(optedIn.email);
    const items = (mail!.data as { opportunities: { label: string; path: string }[] }).opportunities;
    expect(items).toEqual([{ label: 'Emploi\u00a0: Maître-composteur (Bretagne)', path: `/opportunites/${matching.id}` }]);
    expect(await digestMails(otherDomain.email)).toEqual([]);
    expect(await digestMails(notOptedIn.email)).toEqual([]);

    // Within the week, nothing more, even with new opportunities.
    await post(organisation, { domains: ['dechets'], title: 'Ambassadeur du tri' });
    expect(await sendWeeklyDigests(db, new Date(Date.now() + DIGEST_INTERVAL_MS / 2))).toBe(0);
    expect(await digestMails(optedIn.email)).toHaveLength(1);
    // A week later, the next one.
    expect(await sendWeeklyDigests(db, new Date(Date.now() + DIGEST_INTERVAL_MS + 60_000))).toBe(1);
    expect(await digestMails(optedIn.email)).toHaveLength(2);
  });

  it('sends nothing when nothing new matches, and stops when turned off', async () => {
    const person = await createUser(db);
    await call('PUT', '/api/user/opportunity-digest', person, { weekly: true, domains: ['ecoagriculture'] });
    await sendWeeklyDigests(db);
    expect(await digestMails(person.email)).toEqual([]);
    await call('PUT', '/api/user/opportunity-digest', person, { weekly: false, domains: [] });
    expect(await db.select().from(opportunityDigests).where(eq(opportunityDigests.userId, person.id))).toEqual([]);
    await post(organisation, { domains: ['ecoagriculture'] });
    await sendWeeklyDigests(db);
    expect(await digestMails(person.email)).toEqual([]);
  });

  it('exports applications and posted opportunities; the deletion of an account removes them', async () => {
    const member = await createUser(db);
    const opportunity = await post();
    await call('POST', `/api/opportunities/${opportunity.id}/applications`, member, { message: 'Export' });
    expect((await call('GET', '/api/user/data', member)).statusCode).toBe(200);
    await db.delete(users).where(eq(users.id, member.id));
    expect(await db.select().from(opportunityResponses).where(eq(opportunityResponses.userId, member.id))).toEqual([]);
  });
});

describe('the digest’s one-click unsubscribe (RFC 8058, decision 024)', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const html = { accept: 'text/html,application/xhtml+xml' };
  /** French typography puts a no-break space before a colon, a question mark and inside « ». */
  const nb = (text: string) => text.replace(/ ([:?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
  const digestOn = async (userId: number) => (await db.select().from(opportunityDigests).where(eq(opportunityDigests.userId, userId))).length === 1;

  /** Opts a new person in, posts an opportunity of their domain, runs the job and delivers: their digest as sent. */
  async function digestMailOf(domain: string) {
    const person = await createUser(db);
    await call('PUT', '/api/user/opportunity-digest', person, { weekly: true, domains: [domain] });
    await post(organisation, { domains: [domain], title: `Offre ${domain}` });
    await sendWeeklyDigests(db);
    await mail.deliver();
    const message = mail.to(person.email).find((m: CaughtMail) => m.subject.includes('opportunité'));
    if (!message) throw new Error('Récapitulatif non envoyé');
    const header = headerValue(message, 'List-Unsubscribe');
    const url = new URL(/^<(https:\/\/[^>]+)>$/.exec(header ?? '')?.[1] ?? 'https://invalide.example');
    return { person, message, url };
  }

  it('each digest carries the List-Unsubscribe headers and the same link in its footer, with no session token', async () => {
    const { person, message, url } = await digestMailOf('ecologie');
    expect(url.toString()).toMatch(new RegExp(`^${PUBLIC_URL}/api/opportunities/digest/unsubscribe/${person.id}\\.opportunity_digest\\.[A-Za-z0-9_-]{43}$`));
    expect(headerValue(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message.text).toContain(nb(`Ne plus recevoir ces e-mails : ${url.toString()}`));
    expect(message.html).toContain(`href="${url.toString()}"`);
    expect(message.raw).not.toMatch(/Bearer|accessToken/);
  });

  it('opened in a browser: a French page that changes nothing; the button (or the mail client’s POST) turns the digest off', async () => {
    const { person, url } = await digestMailOf('biodiversite');

    const state = await app.inject({ method: 'GET', url: url.pathname });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ weekly: true, changed: false });
    const page = await app.inject({ method: 'GET', url: url.pathname, headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(nb('<h1>Ne plus recevoir le récapitulatif des opportunités ?</h1>'));
    expect(page.body).toContain(`<form method="post" action="${url.pathname}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain('<button type="submit">Ne plus recevoir le récapitulatif</button>');
    expect(await digestOn(person.id)).toBe(true);

    const done = await app.inject({ method: 'POST', url: url.pathname, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ weekly: false, changed: true });
    expect(done.headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/user/opportunity-digest', person)).json()).toEqual({ weekly: false, domains: [] });

    // Once is enough: the same link again changes nothing more, and says so.
    const again = await app.inject({ method: 'POST', url: url.pathname, headers: { ...form, ...html }, payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<h1>Le récapitulatif est déjà désactivé</h1>');
    const after = await app.inject({ method: 'GET', url: url.pathname, headers: html });
    expect(after.body).toContain('<h1>Le récapitulatif est déjà désactivé</h1>');
    expect(after.body).not.toContain('<form');

    // No more digest for this person, even with new opportunities of their domain.
    await post(organisation, { domains: ['biodiversite'], title: 'Après le désabonnement' });
    expect(await sendWeeklyDigests(db, new Date(Date.now() + DIGEST_INTERVAL_MS + 60_000))).toBeGreaterThanOrEqual(0);
    await mail.deliver();
    expect(mail.to(person.email).filter((m: CaughtMail) => m.subject.includes('opportunité'))).toHaveLength(1);
  });

  it('the page after the button says it is done', async () => {
    const { url } = await digestMailOf('ecoconstruction');
    const done = await app.inject({ method: 'POST', url: url.pathname, headers: { ...form, ...html }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Désabonnement effectué</h1>');
    expect(done.body).toContain('Vous ne recevrez plus le récapitulatif hebdomadaire des nouvelles opportunités.');
  });

  it('only the unsubscribe link reads forms: the module’s other routes still refuse them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/opportunities', headers: { ...form, ...(await authHeader(db, organisation)) }, payload: 'title=Formulaire' });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a forged, altered, foreign or outdated link with 400 and a French message, and changes nothing', async () => {
    const { person, url } = await digestMailOf('rse');
    const token = url.pathname.split('/').at(-1)!;
    const [userId, subscription, signature] = token.split('.') as [string, string, string];
    const other = await createUser(db);
    await call('PUT', '/api/user/opportunity-digest', other, { weekly: true, domains: ['rse'] });
    // A notification kind's link, validly signed for the same account, does not stop the digest (nor the reverse).
    const notificationLink = unsubscribeToken(await unsubscribeSecret(db), person.id, 'opportunity_response', person.email);
    const forged = [
      `${userId}.${subscription}.${'A'.repeat(43)}`,
      `${other.id}.${subscription}.${signature}`,
      `${userId}.${subscription}.${signature}x`,
      `${userId}.inconnu.${signature}`,
      notificationLink,
      'pas-un-jeton',
      `99999999.${subscription}.${signature}`,
    ];
    for (const link of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/opportunities/digest/unsubscribe/${link}` });
        expect(res.statusCode, `${method} ${link}`).toBe(400);
        expect(res.json()).toEqual({ error_code: 'invalid_link', message: opportunityMessages.invalidDigestUnsubscribeLink });
      }
    }
    expect(opportunityMessages.invalidDigestUnsubscribeLink).toBe(
      nb('Ce lien de désabonnement n’est pas valable. Vous pouvez arrêter le récapitulatif des opportunités dans Mon profil, onglet « Paramètres ».'),
    );
    expect((await app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${token}` })).statusCode).toBe(400);
    const page = await app.inject({ method: 'GET', url: `/api/opportunities/digest/unsubscribe/${forged[0]}`, headers: html });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<h1>Lien de désabonnement non valable</h1>');
    expect(page.body).toContain('Ce lien de désabonnement n’est pas valable.');
    expect(await digestOn(person.id)).toBe(true);
    expect(await digestOn(other.id)).toBe(true);

    // The link mailed to the old address stops working once the account uses another one.
    await db.update(users).set({ email: `nouvelle-${person.email}` }).where(eq(users.id, person.id));
    const outdated = await app.inject({ method: 'POST', url: url.pathname, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toEqual({ error_code: 'invalid_link', message: opportunityMessages.invalidDigestUnsubscribeLink });
    expect(await digestOn(person.id)).toBe(true);
  });
});
