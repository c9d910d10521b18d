import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionMessages, signingWindowState, sessionRoomOpen, type LiveSession, type MySessions, type SlotSheet } from '../../../shared/live-sessions';
import { liveAbsences, liveRegistrations, liveSessions, liveSignatures, liveSlots, mailOutbox, notifications, users } from '../../db/schema';
import { logSafeRequest } from '../../lib/log-safety';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, enrol, insertCourse, insertLiveSession, insertMembership, insertSeats, setProviderSettings } from '../../test/factories';
import { pngImage, signaturePng } from '../../test/files';
import { pdfText } from '../../test/pdf';
import { organisationEnrolments } from '../../db/schema';
import { signedLiveMinutes } from '.';
import { parisDay } from '../../../shared/paris-days';
import { signingRefusal } from './sessions.service';

const { app, db, storage } = await createTestApp();

const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Tess', lastname: 'Formatrice' });
const trainerAuth = await authHeader(db, trainer);
const course = await insertCourse(db, trainer.id, { title: 'Bilan carbone en direct' });
const admin = await createUser(db, { role: 'admin' });
const adminAuth = await authHeader(db, admin);

const MIN = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MIN).toISOString();

function sessionBody(overrides: Record<string, unknown> = {}) {
  // One clock reading for all the dates: read one by one, the last slot's end could fall a
  // millisecond after the session's end (422, seen once under load).
  const now = Date.now();
  const at = (minutesFromNow: number) => new Date(now + minutesFromNow * MIN).toISOString();
  return {
    title: 'Classe virtuelle : les scopes',
    modality: 'virtual',
    starts_at: at(24 * 60),
    ends_at: at(24 * 60 + 420),
    capacity: 2,
    slots: [
      { starts_at: at(24 * 60), ends_at: at(24 * 60 + 180) },
      { starts_at: at(24 * 60 + 240), ends_at: at(24 * 60 + 420) },
    ],
    ...overrides,
  };
}

async function learner(lastname: string) {
  const user = await createUser(db, { lastname });
  await enrol(db, user.id, course.id);
  return { user, auth: await authHeader(db, user) };
}

/** The text with its no-break spaces (French typography) as plain ones, to compare readable sentences. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const drawn = () => ({ signature_png: signaturePng().toString('base64') });

async function mailsTo(userId: number) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // In the order they were queued: PostgreSQL returns rows in no set order without one (once in CI, the update before the invitation).
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user!.email)).orderBy(mailOutbox.id);
}

describe('planning sessions (POST /api/courses/:id/sessions)', () => {
  it('lets the course’s trainer plan a virtual session cut into half-day slots, in an unguessable room', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/courses/${course.id}/sessions`, headers: trainerAuth, payload: sessionBody() });
    expect(res.statusCode).toBe(201);
    const body: LiveSession = res.json();
    expect(body).toMatchObject({ course_id: course.id, title: 'Classe virtuelle : les scopes', capacity: 2, registered_count: 0, registered: false, trainer_name: 'Tess Formatrice' });
    expect(body.slots).toHaveLength(2);
    expect(body.room_url).toMatch(/^https:\/\/meet\.jit\.si\/EcoForma-session-\d{13}-[0-9a-f]{24}$/);
  });

  it('refuses another trainer and a learner (403) and writes nothing', async () => {
    const other = await createUser(db, { role: 'formateur', isValid: true });
    const { auth } = await learner('Refusé');
    for (const headers of [await authHeader(db, other), auth]) {
      const res = await app.inject({ method: 'POST', url: `/api/courses/${course.id}/sessions`, headers, payload: sessionBody({ title: 'Interdite' }) });
      expect(res.statusCode).toBe(403);
    }
    expect(await db.select().from(liveSessions).where(eq(liveSessions.title, 'Interdite'))).toEqual([]);
  });

  it('refuses a slot longer than a half-day, overlapping slots, a past start and an in-person day without address (422, nothing written)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slots: [{ starts_at: at(24 * 60), ends_at: at(24 * 60 + 300) }] }, 'slots.0', sessionMessages.slotTooLong],
      [{ slots: [{ starts_at: at(24 * 60), ends_at: at(24 * 60 + 180) }, { starts_at: at(24 * 60 + 120), ends_at: at(24 * 60 + 240) }] }, 'slots.1', sessionMessages.slotsOverlap],
      [{ slots: [{ starts_at: at(24 * 60 - 60), ends_at: at(24 * 60 + 60) }] }, 'slots.0', sessionMessages.slotOutsideSession],
      [{ starts_at: at(-60), ends_at: at(60), slots: [{ starts_at: at(-60), ends_at: at(60) }] }, 'starts_at', sessionMessages.pastStart],
      [{ modality: 'in_person', address: '' }, 'address', sessionMessages.addressRequired],
      [{ capacity: 0 }, 'capacity', sessionMessages.capacityInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await app.inject({ method: 'POST', url: `/api/courses/${course.id}/sessions`, headers: trainerAuth, payload: sessionBody({ title: 'Mauvaise', ...overrides }) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors[field]).toContain(message);
    }
    expect(await db.select().from(liveSessions).where(eq(liveSessions.title, 'Mauvaise'))).toEqual([]);
  });

  it('shows the room to a registered learner only from 15 minutes before the start to the end', async () => {
    const { user, auth } = await learner('Salle');
    const soon = await insertLiveSession(db, course.id, { startsInMinutes: 10, slotMinutes: [60], learners: [user.id] });
    const later = await insertLiveSession(db, course.id, { startsInMinutes: 60, slotMinutes: [60], learners: [user.id] });
    const list: { items: LiveSession[] } = (await app.inject({ method: 'GET', url: `/api/courses/${course.id}/sessions`, headers: auth })).json();
    expect(list.items.find((s) => s.id === soon.session.id)).toMatchObject({ registered: true, room_url: soon.session.roomUrl });
    expect(list.items.find((s) => s.id === later.session.id)).toMatchObject({ registered: true, room_url: null });
    const stranger = await learner('Pas inscrit');
    const theirs: { items: LiveSession[] } = (await app.inject({ method: 'GET', url: `/api/courses/${course.id}/sessions`, headers: stranger.auth })).json();
    expect(theirs.items.find((s) => s.id === soon.session.id)).toMatchObject({ registered: false, room_url: null });
  });

  it('opens the room by a named rule with an injectable clock', () => {
    const session = { starts_at: '2026-12-01T09:00:00Z', ends_at: '2026-12-01T12:00:00Z' };
    expect(sessionRoomOpen(session, new Date('2026-12-01T08:44:59Z'))).toBe(false);
    expect(sessionRoomOpen(session, new Date('2026-12-01T08:45:00Z'))).toBe(true);
    expect(sessionRoomOpen(session, new Date('2026-12-01T12:00:00Z'))).toBe(true);
    expect(sessionRoomOpen(session, new Date('2026-12-01T12:00:01Z'))).toBe(false);
  });
});

describe('registrations and convocations', () => {
  it('registers an enrolled learner and queues the convocation: PDF and calendar invitation', async () => {
    const { session } = await insertLiveSession(db, course.id, { capacity: 5, slotMinutes: [180, 180] });
    const { user, auth } = await learner('Convoqué');
    const res = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ registered: [user.id], remaining: 4 });
    const [mail] = await mailsTo(user.id);
    expect(plain(String(mail!.data!.subject))).toBe('Votre convocation : Atelier en direct');
    const [pdf, ics] = mail!.attachments!;
    expect(pdf).toMatchObject({ filename: 'convocation.pdf', contentType: 'application/pdf', encoding: 'base64' });
    const text = plain(pdfText(Buffer.from(pdf!.content, 'base64')));
    for (const part of ['Convocation', 'Bilan carbone en direct', 'Atelier en direct', 'Tess Formatrice', 'Classe virtuelle', 'Règles de la session']) expect(text).toContain(part);
    expect(ics).toMatchObject({ filename: 'session.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(ics!.content).toContain(`UID:session-${session.id}@`);
    expect(ics!.content).toContain('SEQUENCE:0');
    expect(ics!.content).not.toContain(session.roomUrl!);
    expect(await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'session_convocation')))).toHaveLength(1);
  });

  it('names the provider, its activity number and its referents once the provider settings are set (issue 27)', async () => {
    const { session } = await insertLiveSession(db, course.id);
    const { user, auth } = await learner('Référents');
    await setProviderSettings({ db, storage });
    expect((await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth })).statusCode).toBe(201);
    const [mail] = await mailsTo(user.id);
    const text = plain(pdfText(Buffer.from(mail!.attachments![0]!.content, 'base64')));
    for (const part of ['EcoForma Démonstration SAS', '11755555575', 'Référent handicap : Sam Martin, handicap@ecoforma.local', 'Réclamations : reclamations@ecoforma.local']) expect(text).toContain(part);
  });

  it('refuses a learner not enrolled in the course (403) and a second registration (409)', async () => {
    const { session } = await insertLiveSession(db, course.id);
    const outsider = await createUser(db);
    const refused = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: await authHeader(db, outsider) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(sessionMessages.notEnrolled);
    const { auth } = await learner('Deux fois');
    expect((await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth })).statusCode).toBe(201);
    const again = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'already_registered', message: sessionMessages.alreadyRegistered });
    expect(await db.select().from(liveRegistrations).where(eq(liveRegistrations.sessionId, session.id))).toHaveLength(1);
  });

  it('answers 409 when the session is full, and writes nothing for the refused one', async () => {
    const { session } = await insertLiveSession(db, course.id, { capacity: 1 });
    const first = await learner('Premier');
    const second = await learner('Second');
    expect((await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: first.auth })).statusCode).toBe(201);
    const full = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: second.auth });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error_code: 'session_full', message: sessionMessages.sessionFull });
    expect(await db.select().from(liveRegistrations).where(eq(liveRegistrations.sessionId, session.id))).toHaveLength(1);
    expect(await mailsTo(second.user.id)).toEqual([]);
  });

  it('refuses registration once the session has started (409)', async () => {
    const { session } = await insertLiveSession(db, course.id, { startsInMinutes: -5 });
    const { auth } = await learner('En retard');
    const res = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(sessionMessages.sessionStarted);
  });

  it('lets an organisation register the members it enrolled on its seats, not others (422)', async () => {
    const organisation = await createOrganisation(db);
    const orgAuth = await authHeader(db, organisation);
    const member = await createUser(db, { lastname: 'Membre' });
    const unseated = await createUser(db, { lastname: 'Sans place' });
    await insertMembership(db, organisation.id, member);
    await insertMembership(db, organisation.id, unseated);
    await insertSeats(db, organisation.id, course.id, 1, 1);
    await enrol(db, member.id, course.id);
    await enrol(db, unseated.id, course.id);
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: member.id, courseId: course.id });
    const { session } = await insertLiveSession(db, course.id);
    const refused = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: orgAuth, payload: { user_ids: [member.id, unseated.id] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.user_ids).toEqual([sessionMessages.membersNotEnrolled]);
    expect(await db.select().from(liveRegistrations).where(eq(liveRegistrations.sessionId, session.id))).toEqual([]);
    const ok = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: orgAuth, payload: { user_ids: [member.id] } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().registered).toEqual([member.id]);
    expect(await mailsTo(member.id)).toHaveLength(1);
    // A learner may not name others.
    const { auth } = await learner('Pas une organisation');
    expect((await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/registrations`, headers: auth, payload: { user_ids: [member.id] } })).statusCode).toBe(403);
  });

  it('sends an update with a higher SEQUENCE on a change, and a CANCEL on deletion', async () => {
    const created: LiveSession = (await app.inject({ method: 'POST', url: `/api/courses/${course.id}/sessions`, headers: trainerAuth, payload: sessionBody({ title: 'À déplacer' }) })).json();
    const { user, auth } = await learner('Agenda');
    expect((await app.inject({ method: 'POST', url: `/api/sessions/${created.id}/registrations`, headers: auth })).statusCode).toBe(201);
    // The same two instants for the session and its slot: read twice, the slot's end could fall a
    // millisecond after the session's (422, seen once in CI).
    const [start, end] = [at(48 * 60), at(48 * 60 + 180)];
    const moved = sessionBody({ title: 'À déplacer', starts_at: start, ends_at: end, slots: [{ starts_at: start, ends_at: end }] });
    const put = await app.inject({ method: 'PUT', url: `/api/sessions/${created.id}`, headers: trainerAuth, payload: moved });
    expect(put.statusCode).toBe(200);
    expect(put.json().slots).toHaveLength(1);
    const lower = await app.inject({ method: 'PUT', url: `/api/sessions/${created.id}`, headers: trainerAuth, payload: { ...moved, capacity: 0 } });
    expect(lower.statusCode).toBe(422);
    const del = await app.inject({ method: 'DELETE', url: `/api/sessions/${created.id}`, headers: trainerAuth });
    expect(del.statusCode).toBe(204);
    const mails = await mailsTo(user.id);
    expect(mails).toHaveLength(3);
    const invitations = mails.map((m) => m.attachments!.find((a) => a.filename.endsWith('.ics'))!.content);
    expect(invitations[1]).toContain('SEQUENCE:1');
    expect(invitations[1]).toContain('METHOD:REQUEST');
    expect(invitations[2]).toContain('METHOD:CANCEL');
    expect(invitations[2]).toContain('SEQUENCE:2');
    expect(new Set(invitations.map((i) => /UID:(.*)/.exec(i)![1]))).toHaveProperty('size', 1);
    expect(plain(String(mails[1]!.data!.subject))).toBe('Session modifiée : À déplacer');
    expect(plain(String(mails[2]!.data!.subject))).toBe('Session annulée : À déplacer');
  });
});

describe('the signing rule (signingRefusal, injectable clock)', () => {
  const slot = { starts_at: '2026-12-01T09:00:00Z' };
  const facts = { registered: true, alreadySigned: false, slot };
  it('takes a signature from 15 minutes before the start to 30 minutes after', () => {
    expect(signingRefusal(facts, new Date('2026-12-01T08:45:00Z'))).toBeNull();
    expect(signingRefusal(facts, new Date('2026-12-01T09:30:00Z'))).toBeNull();
    expect(signingWindowState(slot, new Date('2026-12-01T09:10:00Z'))).toBe('open');
  });
  it('refuses before and after the window (409), twice (409) and a learner not registered (403)', () => {
    expect(signingRefusal(facts, new Date('2026-12-01T08:44:59Z'))).toMatchObject({ statusCode: 409, message: sessionMessages.signingNotOpen });
    expect(signingRefusal(facts, new Date('2026-12-01T09:30:01Z'))).toMatchObject({ statusCode: 409, message: sessionMessages.signingClosed });
    expect(signingRefusal({ ...facts, alreadySigned: true }, new Date('2026-12-01T09:00:00Z'))).toMatchObject({ statusCode: 409, code: 'already_signed' });
    expect(signingRefusal({ ...facts, registered: false }, new Date('2026-12-01T09:00:00Z'))).toMatchObject({ statusCode: 403, message: sessionMessages.notRegistered });
  });
});

describe('sign-in sheets', () => {
  it('takes a registered learner’s drawn signature in the window with its evidence, keeps the first, refuses the second', async () => {
    const { user, auth } = await learner('Signataire');
    const { slots } = await insertLiveSession(db, course.id, { startsInMinutes: 5, slotMinutes: [120], learners: [user.id] });
    const png = signaturePng();
    const res = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: { ...auth, 'user-agent': 'Téléphone de test' }, payload: { signature_png: `data:image/png;base64,${png.toString('base64')}` } });
    expect(res.statusCode).toBe(201);
    const [row] = await db.select().from(liveSignatures).where(eq(liveSignatures.userId, user.id));
    expect(row).toMatchObject({ method: 'drawn', userAgent: 'Téléphone de test', imageSha256: createHash('sha256').update(png).digest('hex') });
    expect(row!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.ipHash).not.toContain('127.0.0.1');
    const again = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: auth, payload: { typed_name: 'Autre' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'already_signed', message: sessionMessages.alreadySigned });
    const rows = await db.select().from(liveSignatures).where(eq(liveSignatures.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.signedAt.toISOString()).toBe(row!.signedAt.toISOString());
  });

  it('refuses outside the window (409) and a learner not registered (403), writing nothing', async () => {
    const { user, auth } = await learner('Trop tôt');
    const { slots } = await insertLiveSession(db, course.id, { startsInMinutes: 60, slotMinutes: [60], learners: [user.id] });
    const early = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: auth, payload: drawn() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(sessionMessages.signingNotOpen);
    const past = await insertLiveSession(db, course.id, { startsInMinutes: -45, slotMinutes: [60], learners: [user.id] });
    const late = await app.inject({ method: 'POST', url: `/api/slots/${past.slots[0]!.id}/signatures`, headers: auth, payload: drawn() });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(sessionMessages.signingClosed);
    const open = await insertLiveSession(db, course.id, { startsInMinutes: 0, slotMinutes: [60] });
    const stranger = await app.inject({ method: 'POST', url: `/api/slots/${open.slots[0]!.id}/signatures`, headers: auth, payload: drawn() });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(sessionMessages.notRegistered);
    expect(await db.select().from(liveSignatures).where(eq(liveSignatures.userId, user.id))).toEqual([]);
  });

  it('checks the image by its content and size: blank, tiny, not a PNG, both kinds or none answer 422', async () => {
    const { user, auth } = await learner('Image');
    const { slots } = await insertLiveSession(db, course.id, { startsInMinutes: 0, slotMinutes: [60], learners: [user.id] });
    const cases: [Record<string, string>, string][] = [
      [{ signature_png: signaturePng(300, 100, false).toString('base64') }, sessionMessages.signatureEmpty],
      [{ signature_png: pngImage(4, 3).toString('base64') }, sessionMessages.signatureTooSmall],
      [{ signature_png: Buffer.from('%PDF-1.4 pas une image').toString('base64') }, sessionMessages.signatureInvalid],
      [{ signature_png: 'pas du base64 !' }, sessionMessages.signatureInvalid],
      [{ signature_png: signaturePng().toString('base64'), typed_name: 'Camille' }, sessionMessages.oneSignatureKind],
      [{}, sessionMessages.signatureRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: auth, payload });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().errors.signature_png).toEqual([message]);
    }
    const tooLarge = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: auth, payload: { signature_png: 'A'.repeat(300_000) } });
    expect(tooLarge.statusCode).toBe(422);
    expect(await db.select().from(liveSignatures).where(eq(liveSignatures.userId, user.id))).toEqual([]);
  });

  it('takes the keyboard alternative: the typed name, rendered by the server into a PNG', async () => {
    const { user, auth } = await learner('Clavier');
    const { slots } = await insertLiveSession(db, course.id, { startsInMinutes: 0, slotMinutes: [60], learners: [user.id] });
    const res = await app.inject({ method: 'POST', url: `/api/slots/${slots[0]!.id}/signatures`, headers: auth, payload: { typed_name: 'Camille <Clavier> & Cie' } });
    expect(res.statusCode).toBe(201);
    const [row] = await db.select().from(liveSignatures).where(eq(liveSignatures.userId, user.id));
    expect(row!.method).toBe('typed');
    const png = Buffer.from(row!.signaturePng, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(row!.imageSha256).toBe(createHash('sha256').update(png).digest('hex'));
  });

  it('gives the trainer the live sheet, countersignature and justified absences, and the day’s PDF sheet', async () => {
    const signer = await learner('Alpha');
    const absent = await learner('Bravo');
    const justified = await learner('Charlie');
    const { session, slots } = await insertLiveSession(db, course.id, { startsInMinutes: 0, slotMinutes: [60], learners: [signer.user.id, absent.user.id, justified.user.id] });
    const slotId = slots[0]!.id;
    expect((await app.inject({ method: 'POST', url: `/api/slots/${slotId}/signatures`, headers: signer.auth, payload: drawn() })).statusCode).toBe(201);
    // Learners do not read the sheet.
    expect((await app.inject({ method: 'GET', url: `/api/slots/${slotId}/sheet`, headers: signer.auth })).statusCode).toBe(403);
    const sheet: SlotSheet = (await app.inject({ method: 'GET', url: `/api/slots/${slotId}/sheet`, headers: trainerAuth })).json();
    expect(sheet.lines.map((l) => [l.name.split(' ')[1], l.state])).toEqual([
      ['Alpha', 'signed'],
      ['Bravo', 'absent'],
      ['Charlie', 'absent'],
    ]);
    const noReason = await app.inject({ method: 'PUT', url: `/api/slots/${slotId}/absences/${justified.user.id}`, headers: trainerAuth, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([sessionMessages.reasonRequired]);
    const signedOne = await app.inject({ method: 'PUT', url: `/api/slots/${slotId}/absences/${signer.user.id}`, headers: trainerAuth, payload: { reason: 'Malade' } });
    expect(signedOne.statusCode).toBe(409);
    expect(signedOne.json().message).toBe(sessionMessages.learnerSigned);
    const justify = await app.inject({ method: 'PUT', url: `/api/slots/${slotId}/absences/${justified.user.id}`, headers: trainerAuth, payload: { reason: 'Arrêt maladie' } });
    expect(justify.statusCode).toBe(200);
    expect(justify.json().lines[2]).toMatchObject({ state: 'justified', reason: 'Arrêt maladie' });
    const counter = await app.inject({ method: 'POST', url: `/api/slots/${slotId}/countersignature`, headers: trainerAuth, payload: drawn() });
    expect(counter.statusCode).toBe(200);
    expect(counter.json().slot.countersigned_at).not.toBeNull();
    expect((await app.inject({ method: 'POST', url: `/api/slots/${slotId}/countersignature`, headers: trainerAuth, payload: drawn() })).statusCode).toBe(409);

    const day = parisDay(slots[0]!.startsAt);
    const pdf = await app.inject({ method: 'GET', url: `/api/sessions/${session.id}/attendance-sheet?date=${day}`, headers: adminAuth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = plain(pdfText(pdf.rawPayload));
    for (const part of ["Feuille d'émargement", 'Bilan carbone en direct', 'Camille Alpha', 'Camille Bravo', 'Absent', 'Absence justifiée : Arrêt maladie', 'Signé à', 'Contresigné à', 'Tess Formatrice']) expect(text).toContain(part);
    expect((await app.inject({ method: 'GET', url: `/api/sessions/${session.id}/attendance-sheet?date=2001-01-01`, headers: trainerAuth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/sessions/${session.id}/attendance-sheet?date=hier`, headers: trainerAuth })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: `/api/sessions/${session.id}/attendance-sheet?date=${day}`, headers: signer.auth })).statusCode).toBe(403);

    // A session with a signature cannot be deleted.
    const del = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}`, headers: trainerAuth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(sessionMessages.hasSignatures);
    expect(await db.select().from(liveAbsences).where(eq(liveAbsences.userId, justified.user.id))).toHaveLength(1);

    // « Mes sessions » shows the learner their signature.
    const mine: MySessions = (await app.inject({ method: 'GET', url: '/api/user/sessions', headers: signer.auth })).json();
    expect(mine.items.find((s) => s.id === session.id)!.my_slots[0]!.signed_at).not.toBeNull();

    // The signed minutes, for the attendance report and the certificat de réalisation.
    const minutes = await signedLiveMinutes(db, { userId: signer.user.id, courseId: course.id });
    expect(minutes).toEqual([expect.objectContaining({ slotId, sessionId: session.id, minutes: 60 })]);
    expect(await signedLiveMinutes(db, { userId: absent.user.id, courseId: course.id })).toEqual([]);
    expect(await signedLiveMinutes(db, { userId: signer.user.id, courseId: course.id }, { from: new Date(Date.now() + 3_600_000) })).toEqual([]);
  });

  it('lists every session with its days for administrators only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(3);
    expect(res.json().items[0].days[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: trainerAuth })).statusCode).toBe(403);
  });
});

/** A small RFC 5545 reader, as a calendar client reads the feed: unfolded lines, events with their properties. */
function parseCalendar(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

describe('calendar feeds', () => {
  it('gives a private address (≥ 128 bits) whose feed lists the person’s sessions with stable UIDs and UTC times, without a session', async () => {
    const { user, auth } = await learner('Agenda privé');
    const { session } = await insertLiveSession(db, course.id, { learners: [user.id] });
    const first = await app.inject({ method: 'GET', url: '/api/user/calendar', headers: auth });
    expect(first.statusCode).toBe(200);
    const { url } = first.json();
    expect(url).toMatch(/^\/calendrier\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await app.inject({ method: 'GET', url: '/api/user/calendar', headers: auth })).json().url).toBe(url);
    const feed = await app.inject({ method: 'GET', url });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parseCalendar(feed.body);
    const event = events.find((e) => e.UID?.startsWith(`session-${session.id}@`));
    expect(event).toBeDefined();
    expect(event!.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(new Date(event!.DTSTART!.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z')).getTime()).toBe(Math.floor(session.startsAt.getTime() / 1000) * 1000);
    // The hash only is stored.
    expect(JSON.stringify(await db.execute('select * from calendar_feeds'))).not.toContain(url.slice(11, 54));
  });

  it('rotates the address: the old one answers 404, the new one works', async () => {
    const { auth } = await learner('Rotation');
    const old = (await app.inject({ method: 'GET', url: '/api/user/calendar', headers: auth })).json().url;
    const rotated = await app.inject({ method: 'POST', url: '/api/user/calendar/rotate', headers: auth });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().url).not.toBe(old);
    expect((await app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: rotated.json().url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/calendrier/inconnu.ics' })).statusCode).toBe(404);
  });

  it('answers any other address under /calendrier/ with 404 and the API’s error body, never 5xx (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}\.ics$/), fc.constantFrom('%00.ics', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(200), '.ics', '%E9.ics')), async (feed) => {
        const res = await app.inject({ method: 'GET', url: `/calendrier/${encodeURIComponent(feed)}` });
        expect(res.statusCode, feed).toBeLessThan(500);
        expect([400, 404, 422]).toContain(res.statusCode);
        expect(res.json()).toHaveProperty('error_code');
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the feed’s token out of the request log', () => {
    const token = 'a'.repeat(43);
    expect(logSafeRequest({ method: 'GET', url: `/calendrier/${token}.ics` }).url).toBe('/calendrier/…');
  });

  it('stores signatures by slot: the slots of a session cascade with it', async () => {
    const { session } = await insertLiveSession(db, course.id);
    await db.delete(liveSessions).where(eq(liveSessions.id, session.id));
    expect(await db.select().from(liveSlots).where(eq(liveSlots.sessionId, session.id))).toEqual([]);
  });
});
