import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationPage, NotificationPreferences } from '../../../shared/notifications';
import { mailOutbox, notificationPreferences, notifications, users, type UserRow } from '../../db/schema';
import { createTestApp, catchMail } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertSection } from '../../test/factories';
import { multipartBody, pdfDocument } from '../../test/files';
import { headerValue, type CaughtMail } from '../../test/mail';

const PUBLIC_URL = 'https://formation.exemple.fr';
const ctx = await createTestApp({ publicUrl: PUBLIC_URL });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const admin = await createUser(db, { role: 'admin', firstname: 'Alix', lastname: 'Admin' });
const secondAdmin = await createUser(db, { role: 'admin', firstname: 'Basile', lastname: 'Admin' });
// A disabled administrator hears nothing.
const disabledAdmin = await createUser(db, { role: 'admin', isValid: false });

type Caller = Pick<UserRow, 'id'> | null;
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

async function rowsOf(userId: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

/** The outbox row a message was sent from (its Message-ID carries the id). */
const outboxId = (message: CaughtMail) => Number(/^<ecoforma-(\d+)-/.exec(message.messageId ?? '')?.[1]);

/** The messages the worker delivers now for this address, in the order they were queued (a pass sends in any order). */
async function mailsTo(address: string): Promise<CaughtMail[]> {
  await mail.deliver();
  return [...mail.to(address)].sort((a, b) => outboxId(a) - outboxId(b));
}

/** French typography puts a no-break space before a colon and inside « ». */
const nb = (text: string) => text.replace(/ ([:?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

/** The one-click address of a notification mail, as the List-Unsubscribe header gives it. */
function unsubscribeUrl(message: CaughtMail): URL {
  const header = headerValue(message, 'List-Unsubscribe');
  const match = /^<(https:\/\/[^>]+)>$/.exec(header ?? '');
  if (!match) throw new Error(nb(`List-Unsubscribe inattendu : ${header}`));
  return new URL(match[1]!);
}

function expectNonEssential(message: CaughtMail) {
  expect(unsubscribeUrl(message).toString()).toMatch(/^https:\/\/formation\.exemple\.fr\/api\/notifications\/unsubscribe\/\d+\.[a-z_]+\.[A-Za-z0-9_-]{43}$/);
  expect(headerValue(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  // The footer repeats the link for readers whose client shows no unsubscribe button.
  expect(message.text).toContain(nb(`Ne plus recevoir ces e-mails : ${unsubscribeUrl(message).toString()}`));
  // No session token anywhere in the message.
  expect(message.raw).not.toMatch(/Bearer|accessToken/);
}

async function uploadCv(trainer: Caller) {
  const body = multipartBody([{ name: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }]);
  const res = await app.inject({ method: 'POST', url: '/api/upload-cv', headers: { ...body.headers, ...(await authHeader(db, trainer!)) }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
}

/** The iCalendar property `name` of an .ics text (lines unfolded). */
function icsProperty(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(unfolded)?.[1]?.trim();
}

describe('a new trainer application → the administrators', () => {
  it('tells every active administrator, in the app and by e-mail, when a trainer sends a first CV; not when the CV is replaced', async () => {
    const trainer = await createUser(db, { role: 'formateur', firstname: 'Jade', lastname: 'Candidate', speciality: 'Compostage' });
    await uploadCv(trainer);

    for (const who of [admin, secondAdmin]) {
      const rows = (await rowsOf(who.id)).filter((r) => r.kind === 'trainer_application' && r.link === `/admin/users/${trainer.id}`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: nb('Nouvelle candidature de formateur : Jade Candidate'), readAt: null });
      expect(rows[0]!.body).toBe('Jade Candidate (Compostage) a envoyé son CV et attend la suite de sa candidature.');
      const messages = (await mailsTo(who.email)).filter((m) => m.subject === nb('Nouvelle candidature de formateur : Jade Candidate'));
      expect(messages).toHaveLength(1);
      expect(messages[0]!.text).toContain(nb(`Voir la candidature : ${PUBLIC_URL}/admin/users/${trainer.id}`));
      expect(messages[0]!.html).toContain('lang="fr"');
      expectNonEssential(messages[0]!);
    }
    expect(await rowsOf(disabledAdmin.id)).toEqual([]);

    // Replacing the CV of an application under review is not a new application.
    await uploadCv(trainer);
    expect((await rowsOf(admin.id)).filter((r) => r.link === `/admin/users/${trainer.id}`)).toHaveLength(1);

    // After a refusal, a new CV is a new application.
    expect((await call('POST', `/api/admin/users/${trainer.id}/reject`, admin, { reason: 'CV incomplet.' })).statusCode).toBe(200);
    await uploadCv(trainer);
    expect((await rowsOf(admin.id)).filter((r) => r.link === `/admin/users/${trainer.id}`)).toHaveLength(2);
  });
});

describe('the trainer hears of the decision', () => {
  it('approved: in-app and e-mail, once (approving again says nothing)', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: false, firstname: 'Hugo' });
    expect((await call('PUT', `/api/admin/users/${trainer.id}/status`, admin, { is_valid: true })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${trainer.id}/status`, admin, { is_valid: true })).statusCode).toBe(200);

    const rows = await rowsOf(trainer.id);
    expect(rows).toMatchObject([{ kind: 'trainer_approved', title: 'Votre candidature de formateur est approuvée', link: '/formateur/courses' }]);
    const [message, ...others] = await mailsTo(trainer.email);
    expect(others).toEqual([]);
    expect(message!.subject).toBe('Votre candidature de formateur est approuvée');
    expect(message!.text).toContain('Bonjour Hugo,');
    expect(message!.text).toContain(nb(`Créer mes cours : ${PUBLIC_URL}/formateur/courses`));
    expectNonEssential(message!);
  });

  it('refused: the reason is in the notification and in the e-mail', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: false });
    const res = await call('POST', `/api/admin/users/${trainer.id}/reject`, admin, { reason: 'Expérience insuffisante en animation.' });
    expect(res.statusCode).toBe(200);

    const [row] = await rowsOf(trainer.id);
    expect(row).toMatchObject({ kind: 'trainer_refused', title: 'Votre candidature de formateur n’a pas été retenue', link: '/formateur/waiting-approval' });
    expect(row!.body).toBe(nb('Un administrateur a examiné votre candidature et ne l’a pas retenue. Motif : Expérience insuffisante en animation.'));
    const [message] = await mailsTo(trainer.email);
    expect(message!.subject).toBe('Votre candidature de formateur n’a pas été retenue');
    expect(message!.text).toContain(nb('Motif : Expérience insuffisante en animation.'));
    expectNonEssential(message!);
  });
});

describe('interviews, with an .ics invitation', () => {
  it('scheduled, moved, then removed: the same UID, a higher SEQUENCE each time, then METHOD:CANCEL', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: false, firstname: 'Lina', lastname: 'Entretien' });
    const first = new Date(Date.UTC(2031, 0, 6, 9, 30)).toISOString();
    const second = new Date(Date.UTC(2031, 0, 8, 14, 0)).toISOString();

    const scheduled = await call('POST', `/api/admin/users/${trainer.id}/meeting`, admin, { meeting_date: first });
    expect(scheduled.statusCode).toBe(201);
    const moved = await call('POST', `/api/admin/users/${trainer.id}/meeting`, admin, { meeting_date: second });
    expect(moved.statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${trainer.id}/meeting`, admin)).statusCode).toBe(204);
    // Nothing left to remove.
    const again = await call('DELETE', `/api/admin/users/${trainer.id}/meeting`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Aucun entretien à venir avec cet utilisateur.');

    const rows = await rowsOf(trainer.id);
    expect(rows.map((r) => [r.kind, r.title])).toEqual([
      ['interview', 'Votre entretien est programmé le lundi 6 janvier 2031 à 10:30'],
      ['interview', 'Votre entretien est déplacé au mercredi 8 janvier 2031 à 15:00'],
      ['interview', 'Votre entretien du mercredi 8 janvier 2031 à 15:00 est annulé'],
    ]);
    expect(rows[1]!.body).toContain('prévu le lundi 6 janvier 2031 à 10:30');

    const messages = await mailsTo(trainer.email);
    expect(messages.map((m) => m.subject)).toEqual(rows.map((r) => r.title));
    const invitations = messages.map((m) => {
      expect(m.attachments).toHaveLength(1);
      return m.attachments[0]!;
    });
    expect(invitations.map((a) => a.filename)).toEqual(['entretien.ics', 'entretien.ics', 'annulation-entretien.ics']);
    expect(invitations.map((a) => a.contentType)).toEqual(['text/calendar', 'text/calendar', 'text/calendar']);
    // The part says its iTIP method too, as calendar clients expect.
    expect(messages.map((m) => /Content-Type: text\/calendar;[^\r\n]*method=(\w+)/i.exec(m.raw)?.[1])).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    const ics = invitations.map((a) => a.content);
    const meetingId = scheduled.json().meeting_id as number;
    expect(ics.map((text) => icsProperty(text, 'UID'))).toEqual(Array(3).fill(`entretien-${meetingId}@formation.exemple.fr`));
    expect(ics.map((text) => icsProperty(text, 'SEQUENCE'))).toEqual(['0', '1', '2']);
    expect(ics.map((text) => icsProperty(text, 'METHOD'))).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(ics.map((text) => icsProperty(text, 'STATUS'))).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(ics.map((text) => icsProperty(text, 'DTSTART'))).toEqual(['20310106T093000Z', '20310108T140000Z', '20310108T140000Z']);
    expect(icsProperty(ics[0]!, 'ATTENDEE')).toBe(`mailto:${trainer.email}`);
    // The room's address is given on the profile only while it is open (decision 015), never in the invitation.
    const room = scheduled.json().meeting_url as string;
    for (const m of messages) expect(m.raw).not.toContain(new URL(room).pathname.slice(1));
    for (const m of messages) expectNonEssential(m);
  });

  it('a new interview after one is over gets a new UID, from SEQUENCE 0', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: false });
    const res = await call('POST', `/api/admin/users/${trainer.id}/meeting`, admin, { meeting_date: new Date(Date.now() + 86_400_000).toISOString() });
    const [message] = await mailsTo(trainer.email);
    expect(icsProperty(message!.attachments[0]!.content, 'UID')).toBe(`entretien-${res.json().meeting_id}@formation.exemple.fr`);
    expect(icsProperty(message!.attachments[0]!.content, 'SEQUENCE')).toBe('0');
  });

  it('removing an interview is for administrators only', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: false });
    await call('POST', `/api/admin/users/${trainer.id}/meeting`, admin, { meeting_date: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await call('DELETE', `/api/admin/users/${trainer.id}/meeting`, trainer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${trainer.id}/meeting`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/users/abc/meeting`, admin)).statusCode).toBe(422);
    expect((await rowsOf(trainer.id)).map((r) => r.title)).toEqual([expect.stringMatching(/^Votre entretien est programmé le /)]);
  });
});

describe('learners and authors', () => {
  it('enrolment confirmed: once, when the enrolment is made', async () => {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, author.id, { title: 'Sols vivants', priceCents: 0 });
    const learner = await createUser(db, { role: 'membre', firstname: 'Inès' });
    expect((await call('POST', `/api/courses/${course.id}/enrolment`, learner)).statusCode).toBe(200);
    expect((await call('POST', `/api/courses/${course.id}/enrolment`, learner)).statusCode).toBe(200);

    expect(await rowsOf(learner.id)).toMatchObject([{ kind: 'enrolment_confirmed', title: nb('Inscription confirmée : Sols vivants'), link: `/user/courses/${course.id}/learn` }]);
    const messages = await mailsTo(learner.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(nb('Votre inscription à la formation « Sols vivants » est confirmée.'));
    expect(messages[0]!.text).toContain(nb(`Commencer la formation : ${PUBLIC_URL}/user/courses/${course.id}/learn`));
    expectNonEssential(messages[0]!);
  });

  it('attestation issued: when the last lesson completes the course', async () => {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, author.id, { title: 'Eau et sobriété' });
    const lesson = await insertLesson(db, (await insertSection(db, course.id)).id);
    const learner = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    expect((await call('POST', `/api/lessons/${lesson.id}/complete`, learner)).statusCode).toBe(200);

    const [row] = await rowsOf(learner.id);
    expect(row).toMatchObject({ kind: 'certificate_issued', title: nb('Votre attestation est disponible : Eau et sobriété'), link: '/user/learning' });
    expect(row!.body).toMatch(/^Félicitations, vous avez terminé la formation «\u00a0Eau et sobriété\u00a0»\. Votre attestation de fin de formation n° EF-\d{4}-\d{6} est disponible\.$/);
    const [message] = await mailsTo(learner.email);
    expect(message!.subject).toBe(nb('Votre attestation est disponible : Eau et sobriété'));
    expectNonEssential(message!);
  });

  it('course published, and changes requested with the reason, to the author', async () => {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    const information = { objectives: ['Composter'], targetAudience: 'Habitants', prerequisites: 'Aucun', assessmentMethods: 'Quiz', accessDelay: 'Immédiat', teachingMethods: 'À distance', accessibility: 'Accessible', contact: 'formation@exemple.fr' };
    const published = await insertCourse(db, author.id, { title: 'Jardins partagés', status: 'submitted', ...information });
    const sentBack = await insertCourse(db, author.id, { title: 'Mobilité douce', status: 'submitted', ...information });
    expect((await call('POST', `/api/admin/courses/${published.id}/publish`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/courses/${sentBack.id}/request-changes`, admin, { reason: 'Ajoutez une évaluation finale.' })).statusCode).toBe(200);

    const rows = await rowsOf(author.id);
    expect(rows).toMatchObject([
      { kind: 'course_published', title: nb('Votre cours est publié : Jardins partagés'), link: `/user/courses/${published.id}` },
      { kind: 'course_changes_requested', title: nb('Modifications demandées : Mobilité douce'), link: `/formateur/courses/${sentBack.id}/contenu` },
    ]);
    expect(rows[1]!.body).toContain(nb('Motif : Ajoutez une évaluation finale.'));
    const messages = await mailsTo(author.email);
    expect(messages.map((m) => m.subject)).toEqual([nb('Votre cours est publié : Jardins partagés'), nb('Modifications demandées : Mobilité douce')]);
    expect(messages[1]!.text).toContain(nb('Motif : Ajoutez une évaluation finale.'));
    messages.forEach(expectNonEssential);
  });

  it('an administrator publishing their own course gets no message', async () => {
    const information = { objectives: ['Composter'], targetAudience: 'Habitants', prerequisites: 'Aucun', assessmentMethods: 'Quiz', accessDelay: 'Immédiat', teachingMethods: 'À distance', accessibility: 'Accessible', contact: 'formation@exemple.fr' };
    const own = await insertCourse(db, secondAdmin.id, { status: 'submitted', ...information });
    expect((await call('POST', `/api/admin/courses/${own.id}/publish`, secondAdmin)).statusCode).toBe(200);
    expect((await rowsOf(secondAdmin.id)).filter((r) => r.kind === 'course_published')).toEqual([]);
  });
});

describe('e-mail preferences', () => {
  it('lists the kinds of the caller’s role, all on by default', async () => {
    const member = await createUser(db, { role: 'membre' });
    const res = await call('GET', '/api/user/notification-preferences', member);
    expect(res.statusCode).toBe(200);
    expect((res.json() as NotificationPreferences).items).toEqual([
      { kind: 'interview', label: 'Entretiens', description: expect.any(String), email: true },
      { kind: 'enrolment_confirmed', label: 'Inscriptions aux formations', description: expect.any(String), email: true },
      { kind: 'certificate_issued', label: 'Attestations', description: expect.any(String), email: true },
      { kind: 'certificate_revoked', label: 'Attestations révoquées', description: expect.any(String), email: true },
      { kind: 'organisation_membership_ended', label: 'Fin d’adhésion à une organisation', description: expect.any(String), email: true },
      { kind: 'discussion_reply', label: 'Réponses dans les discussions', description: expect.any(String), email: true },
      { kind: 'message_received', label: 'Messages', description: expect.any(String), email: true },
      { kind: 'moderation_decision', label: 'Décisions de modération sur vos contenus', description: expect.any(String), email: true },
      { kind: 'report_decision', label: 'Suites de vos signalements', description: expect.any(String), email: true },
      { kind: 'inactivity_reminder', label: 'Relances de formation', description: expect.any(String), email: true },
      { kind: 'cold_survey', label: 'Enquêtes après formation', description: expect.any(String), email: true },
    ]);
    const organisationKinds = ((await call('GET', '/api/user/notification-preferences', await createUser(db, { role: 'organisme' }))).json() as NotificationPreferences).items.map((i) => i.kind);
    expect(organisationKinds).toEqual(['interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'organisation_certificate_revoked', 'organisation_member_left', 'organisation_seats_granted', 'discussion_reply', 'opportunity_response', 'message_received', 'moderation_decision', 'report_decision', 'inactivity_reminder', 'cold_survey']);
    const trainerKinds = ((await call('GET', '/api/user/notification-preferences', await createUser(db, { role: 'formateur' }))).json() as NotificationPreferences).items.map((i) => i.kind);
    expect(trainerKinds).toEqual(['trainer_approved', 'trainer_refused', 'interview', 'enrolment_confirmed', 'certificate_issued', 'certificate_revoked', 'course_published', 'course_changes_requested', 'discussion_reply', 'discussion_thread', 'message_received', 'moderation_decision', 'report_decision', 'inactivity_reminder', 'cold_survey']);
    expect(((await call('GET', '/api/user/notification-preferences', admin)).json() as NotificationPreferences).items[0]!.kind).toBe('trainer_application');
  });

  it('preference off → the in-app notification still, but no e-mail; back on → e-mails again', async () => {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    const learner = await createUser(db, { role: 'membre' });
    const put = await call('PUT', '/api/user/notification-preferences', learner, { email: { enrolment_confirmed: false } });
    expect(put.statusCode).toBe(200);
    expect((put.json() as NotificationPreferences).items.find((i) => i.kind === 'enrolment_confirmed')!.email).toBe(false);

    const quiet = await insertCourse(db, author.id, { title: 'Sans e-mail', priceCents: 0 });
    await call('POST', `/api/courses/${quiet.id}/enrolment`, learner);
    expect((await rowsOf(learner.id)).map((r) => r.title)).toEqual([nb('Inscription confirmée : Sans e-mail')]);
    expect(await mailsTo(learner.email)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, learner.email))).toEqual([]);

    await call('PUT', '/api/user/notification-preferences', learner, { email: { enrolment_confirmed: true } });
    const loud = await insertCourse(db, author.id, { title: 'Avec e-mail', priceCents: 0 });
    await call('POST', `/api/courses/${loud.id}/enrolment`, learner);
    expect((await mailsTo(learner.email)).map((m) => m.subject)).toEqual([nb('Inscription confirmée : Avec e-mail')]);
  });

  it('refuses an unknown kind or a non-boolean with 422 and changes nothing', async () => {
    const member = await createUser(db, { role: 'membre' });
    for (const email of [{ enrolment_confirmed: false, inconnu: false }, { enrolment_confirmed: 'non' }]) {
      const res = await call('PUT', '/api/user/notification-preferences', member, { email });
      expect(res.statusCode).toBe(422);
      expect(res.json().error_code).toBe('validation_failed');
    }
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.id))).toEqual([]);
    expect((await call('GET', '/api/user/notification-preferences', null)).statusCode).toBe(401);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  async function enrolmentMail(learner: UserRow, title: string) {
    const author = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, author.id, { title, priceCents: 0 });
    await call('POST', `/api/courses/${course.id}/enrolment`, learner);
    return (await mailsTo(learner.email)).find((m) => m.subject === nb(`Inscription confirmée : ${title}`))!;
  }

  it('works without a session, from the mail client’s POST: this kind off, the next event in-app only', async () => {
    const learner = await createUser(db, { role: 'membre' });
    const url = unsubscribeUrl(await enrolmentMail(learner, 'Premier cours'));

    const first = await app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ kind: 'enrolment_confirmed', label: 'Inscriptions aux formations', changed: true });
    expect(first.headers['cache-control']).toBe('no-store');
    const [pref] = await db.select().from(notificationPreferences).where(and(eq(notificationPreferences.userId, learner.id), eq(notificationPreferences.kind, 'enrolment_confirmed')));
    expect(pref!.email).toBe(false);

    // Once is enough: the same link again changes nothing more.
    const second = await app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(second.json()).toMatchObject({ changed: false });

    await enrolmentMail(learner, 'Deuxième cours');
    expect((await mailsTo(learner.email)).map((m) => m.subject)).toEqual([nb('Inscription confirmée : Premier cours')]);
    expect((await rowsOf(learner.id)).map((r) => r.title)).toEqual([nb('Inscription confirmée : Premier cours'), nb('Inscription confirmée : Deuxième cours')]);
    // Other kinds still go out.
    const other = (await call('GET', '/api/user/notification-preferences', learner)).json() as NotificationPreferences;
    expect(other.items.filter((i) => !i.email).map((i) => i.kind)).toEqual(['enrolment_confirmed']);
  });

  it('opened in a browser: a French page that changes nothing until its button is pressed', async () => {
    const learner = await createUser(db, { role: 'membre' });
    const url = unsubscribeUrl(await enrolmentMail(learner, 'Cours du navigateur'));
    const html = { accept: 'text/html,application/xhtml+xml' };

    const page = await app.inject({ method: 'GET', url: url.pathname, headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(nb('<h1>Ne plus recevoir les e-mails « Inscriptions aux formations » ?</h1>'));
    expect(page.body).toContain(`<form method="post" action="${url.pathname}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain('Confirmer le désabonnement');
    expect(await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, learner.id))).toEqual([]);

    const done = await app.inject({ method: 'POST', url: url.pathname, headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Désabonnement effectué</h1>');
    expect(done.body).toContain(nb('Vous ne recevrez plus les e-mails « Inscriptions aux formations ».'));

    const after = await app.inject({ method: 'GET', url: url.pathname, headers: html });
    expect(after.body).toContain('<h1>Ces e-mails sont déjà désactivés</h1>');
    expect(after.body).not.toContain('<form');
  });

  it('refuses a forged, altered or outdated token with 400, and changes nothing', async () => {
    const learner = await createUser(db, { role: 'membre' });
    const url = unsubscribeUrl(await enrolmentMail(learner, 'Cours des faussaires'));
    const [userId, kind, signature] = url.pathname.split('/').at(-1)!.split('.') as [string, string, string];
    const other = await createUser(db, { role: 'membre' });
    const forged = [
      `${userId}.${kind}.${'A'.repeat(43)}`,
      // Another account, or another kind, with the signature of this one.
      `${other.id}.${kind}.${signature}`,
      `${userId}.certificate_issued.${signature}`,
      `${userId}.inconnu.${signature}`,
      'pas-un-jeton',
      `${userId}.${kind}.${signature}x`,
      `99999999.${kind}.${signature}`,
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/notifications/unsubscribe/${token}` });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.json()).toMatchObject({ error_code: 'invalid_link', message: expect.stringContaining('Ce lien de désabonnement n’est pas valable.') });
      }
    }
    const page = await app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${forged[0]}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<h1>Lien de désabonnement non valable</h1>');
    expect(await db.select().from(notificationPreferences)).toEqual(expect.not.arrayContaining([expect.objectContaining({ userId: learner.id })]));

    // A link mailed to an address the account no longer uses stops working.
    await db.update(users).set({ email: `nouvelle-${learner.email}` }).where(eq(users.id, learner.id));
    expect((await app.inject({ method: 'POST', url: url.pathname })).statusCode).toBe(400);
  });

  it('essential e-mails (password reset) carry no List-Unsubscribe', async () => {
    const member = await createUser(db, { role: 'membre' });
    expect((await call('POST', '/api/password/forgot', null, { email: member.email })).statusCode).toBe(202);
    const [message] = await mailsTo(member.email);
    expect(message!.subject).toBe('Réinitialisez votre mot de passe EcoForma');
    expect(headerValue(message!, 'List-Unsubscribe')).toBeUndefined();
    expect(headerValue(message!, 'List-Unsubscribe-Post')).toBeUndefined();
    expect(message!.text).not.toContain('Ne plus recevoir');
  });
});

describe('the in-app list: each user reads and marks only their own', () => {
  async function withNotifications(n: number) {
    const user = await createUser(db, { role: 'membre' });
    for (let i = 1; i <= n; i++) {
      await db.insert(notifications).values({ userId: user.id, kind: 'enrolment_confirmed', title: `Notification ${i}`, body: 'Texte', link: '/user/learning', createdAt: new Date(Date.now() - (n - i) * 1000) });
    }
    return user;
  }

  it('lists newest first with the unread count, paged', async () => {
    const user = await withNotifications(3);
    await withNotifications(2);
    const res = await call('GET', '/api/notifications?pageSize=2', user);
    expect(res.statusCode).toBe(200);
    const page = res.json() as NotificationPage;
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.items.map((i) => i.title)).toEqual(['Notification 3', 'Notification 2']);
    expect(page.items[0]).toEqual({ id: expect.any(Number), kind: 'enrolment_confirmed', title: 'Notification 3', body: 'Texte', link: '/user/learning', created_at: expect.any(String), read_at: null });
    expect(((await call('GET', '/api/notifications?page=2&pageSize=2', user)).json() as NotificationPage).items.map((i) => i.title)).toEqual(['Notification 1']);
    expect((await call('GET', '/api/notifications/unread-count', user)).json()).toEqual({ unread: 3 });
    expect((await call('GET', '/api/notifications?pageSize=0', user)).statusCode).toBe(422);
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
  });

  it('marks one as read (twice is harmless), then all', async () => {
    const user = await withNotifications(3);
    const [first] = (await call('GET', '/api/notifications', user)).json().items as NotificationItem[];
    const read = await call('POST', `/api/notifications/${first!.id}/read`, user);
    expect(read.statusCode).toBe(200);
    const readAt = (read.json() as NotificationItem).read_at;
    expect(readAt).toEqual(expect.any(String));
    expect(((await call('POST', `/api/notifications/${first!.id}/read`, user)).json() as NotificationItem).read_at).toBe(readAt);
    expect((await call('GET', '/api/notifications/unread-count', user)).json()).toEqual({ unread: 2 });

    const all = await call('POST', '/api/notifications/read-all', user);
    expect(all.json()).toEqual({ updated: 2, unread: 0 });
    expect((await call('GET', '/api/notifications/unread-count', user)).json()).toEqual({ unread: 0 });
  });

  it('another user’s notification: 404 as for a missing one, and it stays unread; a malformed id is 422', async () => {
    const owner = await withNotifications(1);
    const intruder = await withNotifications(1);
    const [row] = await rowsOf(owner.id);
    for (const who of [intruder, admin]) {
      const res = await call('POST', `/api/notifications/${row!.id}/read`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Notification introuvable.');
    }
    expect((await call('POST', '/api/notifications/999999999/read', owner)).statusCode).toBe(404);
    expect((await call('POST', '/api/notifications/abc/read', owner)).statusCode).toBe(422);
    await call('POST', '/api/notifications/read-all', intruder);
    expect((await rowsOf(owner.id))[0]!.readAt).toBeNull();
    expect(((await call('GET', '/api/notifications', intruder)).json() as NotificationPage).items.map((i) => i.id)).not.toContain(row!.id);
  });
});

describe('in the event’s transaction', () => {
  it('a refused event leaves neither a notification nor an e-mail', async () => {
    const member = await createUser(db, { role: 'membre' });
    // Only trainers are refused: the 422 rolls everything back.
    expect((await call('POST', `/api/admin/users/${member.id}/reject`, admin, { reason: 'Non.' })).statusCode).toBe(422);
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).toEqual([]);
  });
});
