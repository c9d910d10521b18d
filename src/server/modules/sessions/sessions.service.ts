import { createHmac, randomBytes } from 'node:crypto';
import { parisDay } from '../../../shared/paris-days';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { canEditCourse, canViewCourse } from '../../../shared/course-rules';
import {
  sessionMessages,
  sessionRoomOpen,
  sessionScheduleErrors,
  signingWindowState,
  type AbsenceBody,
  type AdminSessions,
  type LiveSession,
  type MySessions,
  type RegistrationBody,
  type RegistrationResult,
  type SessionBody,
  type SessionList,
  type SignatureBody,
  type SignatureCreated,
  type SlotSheet,
} from '../../../shared/live-sessions';
import { isOrganisation, type Actor } from '../../../shared/roles';
import { webPaths } from '../../../shared/web-paths';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import {
  courses,
  enrolments,
  liveAbsences,
  liveRegistrations,
  liveSessions,
  liveSignatures,
  liveSlots,
  organisationEnrolments,
  organisationMembers,
  settings,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/sessions';
import type { Storage } from '../../lib/storage';
import { providerIdentity } from '../provider';
import { notify } from '../notifications';
import { sessionInvitation, type CalendarSession } from './session-calendar';
import { renderAttendanceSheetPdf, renderConvocationPdf, type ProviderReferents } from './session-pdf';
import { signatureFromBody } from './signature-image';

/** A session may start up to this long before "now" (clock skew, minutes picked in the current minute). */
const PAST_TOLERANCE_MS = 5 * 60 * 1000;

type SessionRow = typeof liveSessions.$inferSelect;
interface CourseFacts {
  id: number;
  title: string;
  authorId: number;
  authorName: string;
  status: (typeof courses.$inferSelect)['status'];
}

/**
 * The provider's name, activity number and referents for the convocation (issue 27), or null
 * while its settings are incomplete: the registration still goes through, and the convocation then
 * sends the learner to the EcoForma team (decision 049).
 */
async function providerReferents(db: Executor, storage: Storage): Promise<ProviderReferents | null> {
  try {
    const p = await providerIdentity({ db, storage });
    return { legalName: p.legalName, nda: p.nda, address: `${p.address}, ${p.postalCode} ${p.city}`, complaintsContact: p.complaintsContact, disabilityReferent: p.disabilityReferent };
  } catch (error) {
    if (error instanceof AppError && error.code === 'provider_settings_missing') return null;
    throw error;
  }
}

async function courseFacts(db: Executor, courseId: number): Promise<CourseFacts | null> {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, authorId: courses.authorId, authorName: courses.authorName, status: courses.status })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
}

/** The trainer of the course and administrators plan its sessions and keep their sheets. */
export function canManageSessions(actor: Actor | null | undefined, course: { authorId: number }): boolean {
  return canEditCourse(actor, course);
}

async function sessionWithCourse(db: Executor, sessionId: number, lock = false): Promise<{ session: SessionRow; course: CourseFacts } | null> {
  const query = db.select().from(liveSessions).where(eq(liveSessions.id, sessionId)).limit(1);
  const [session] = lock ? await query.for('update') : await query;
  if (!session) return null;
  const course = await courseFacts(db, session.courseId);
  return course ? { session, course } : null;
}

async function managedSession(db: Executor, actor: Actor, sessionId: number, lock = false) {
  const found = await sessionWithCourse(db, sessionId, lock);
  if (!found) throw AppError.notFound(sessionMessages.sessionNotFound);
  if (!canManageSessions(actor, found.course)) throw AppError.forbidden();
  return found;
}

function scheduleCheck(body: SessionBody, now: Date, checkPast: boolean): void {
  const errors = sessionScheduleErrors(body);
  if (checkPast && Date.parse(body.starts_at) < now.getTime() - PAST_TOLERANCE_MS) (errors.starts_at ??= []).push(sessionMessages.pastStart);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** A room nobody can guess, as the interviews' (meetings module): anyone who knows a Jitsi room's name can walk in. */
/** The columns a session's form sets, on creation and on change (an address only in person). */
function sessionColumns(body: SessionBody) {
  return {
    title: body.title,
    modality: body.modality,
    address: body.modality === 'in_person' ? (body.address?.trim() ?? null) : null,
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    capacity: body.capacity,
  };
}

function sessionRoom(config: Pick<Config, 'meetingRoomPrefix' | 'jitsiDomain'>): { roomName: string; roomUrl: string } {
  const roomName = `${config.meetingRoomPrefix}-session-${Date.now()}-${randomBytes(12).toString('hex')}`;
  return { roomName, roomUrl: `https://${config.jitsiDomain}/${roomName}` };
}

async function slotsOf(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({ id: liveSlots.id, sessionId: liveSlots.sessionId, startsAt: liveSlots.startsAt, endsAt: liveSlots.endsAt, countersignedAt: liveSlots.countersignedAt })
    .from(liveSlots)
    .where(inArray(liveSlots.sessionId, sessionIds))
    .orderBy(asc(liveSlots.startsAt), asc(liveSlots.id));
}

async function registeredCounts(db: Executor, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.select({ sessionId: liveRegistrations.sessionId, n: count() }).from(liveRegistrations).where(inArray(liveRegistrations.sessionId, sessionIds)).groupBy(liveRegistrations.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

async function registeredSet(db: Executor, userId: number, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ sessionId: liveRegistrations.sessionId })
    .from(liveRegistrations)
    .where(and(eq(liveRegistrations.userId, userId), inArray(liveRegistrations.sessionId, sessionIds)));
  return new Set(rows.map((r) => r.sessionId));
}

/** Sessions as the API shows them to `actor`: the room only to who manages it, or to a registered learner while it is open. */
async function describeSessions(db: Executor, actor: Actor, rows: { session: SessionRow; course: CourseFacts }[], now: Date): Promise<LiveSession[]> {
  const ids = rows.map((r) => r.session.id);
  const [slots, counts, mine] = await Promise.all([slotsOf(db, ids), registeredCounts(db, ids), registeredSet(db, actor.id, ids)]);
  return rows.map(({ session, course }) => {
    const registered = mine.has(session.id);
    const manager = canManageSessions(actor, course);
    const showRoom = session.roomUrl !== null && (manager || (registered && sessionRoomOpen({ starts_at: session.startsAt, ends_at: session.endsAt }, now)));
    return {
      id: session.id,
      course_id: course.id,
      course_title: course.title,
      title: session.title,
      modality: session.modality,
      address: session.address,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
      capacity: session.capacity,
      registered_count: counts.get(session.id) ?? 0,
      registered,
      room_url: showRoom ? session.roomUrl : null,
      trainer_name: course.authorName,
      slots: slots
        .filter((s) => s.sessionId === session.id)
        .map((s) => ({ id: s.id, starts_at: s.startsAt.toISOString(), ends_at: s.endsAt.toISOString(), countersigned_at: s.countersignedAt?.toISOString() ?? null })),
    };
  });
}

async function describeOne(db: Executor, actor: Actor, sessionId: number, now: Date): Promise<LiveSession> {
  const found = await sessionWithCourse(db, sessionId);
  if (!found) throw AppError.notFound(sessionMessages.sessionNotFound);
  return (await describeSessions(db, actor, [found], now))[0]!;
}

function calendarSession(session: SessionRow, course: CourseFacts): CalendarSession {
  return {
    id: session.id,
    title: session.title,
    courseTitle: course.title,
    modality: session.modality,
    address: session.address,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    sequence: session.sequence,
  };
}

/**
 * Sends each learner their convocation through the outbox, in the caller's transaction: the PDF
 * and the calendar invitation (REQUEST), or the update (same UID, the session's new SEQUENCE), or
 * the cancellation (METHOD:CANCEL).
 */
async function sendConvocations(tx: Executor, config: Config, storage: Storage, session: SessionRow, course: CourseFacts, userIds: number[], change: 'registered' | 'updated' | 'cancelled'): Promise<void> {
  if (userIds.length === 0) return;
  const learners = await tx.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(inArray(users.id, userIds));
  const slots = await tx.select({ startsAt: liveSlots.startsAt, endsAt: liveSlots.endsAt }).from(liveSlots).where(eq(liveSlots.sessionId, session.id)).orderBy(asc(liveSlots.startsAt));
  const provider = change === 'cancelled' ? null : await providerReferents(tx, storage);
  for (const learner of learners) {
    const name = `${learner.firstname} ${learner.lastname}`;
    const attachments = [await sessionInvitation(config, calendarSession(session, course), { name, email: learner.email }, change === 'cancelled' ? 'CANCEL' : 'REQUEST')];
    if (change !== 'cancelled') {
      const pdf = await renderConvocationPdf({
        learnerName: name,
        courseTitle: course.title,
        sessionTitle: session.title,
        modality: session.modality,
        address: session.address,
        roomPage: `${config.publicUrl}${webPaths.mySessions}`,
        trainerName: course.authorName,
        slots,
        provider,
        updated: change === 'updated',
      });
      attachments.unshift({ filename: 'convocation.pdf', contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' });
    }
    await notify(tx, {
      userId: learner.id,
      kind: 'session_convocation',
      data: { change, courseTitle: course.title, sessionTitle: session.title, startsAt: session.startsAt.toISOString() },
      attachments,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Planning

export async function createSession(db: Db, config: Config, actor: AuthUser, courseId: number, body: SessionBody, now = new Date()): Promise<LiveSession> {
  const course = await courseFacts(db, courseId);
  if (!course) throw AppError.notFound(sessionMessages.courseNotFound);
  if (!canManageSessions(actor, course)) throw AppError.forbidden();
  scheduleCheck(body, now, true);
  const id = await db.transaction(async (tx) => {
    const room = body.modality === 'virtual' ? sessionRoom(config) : { roomName: null, roomUrl: null };
    const [session] = await tx
      .insert(liveSessions)
      .values({
        courseId,
        createdById: actor.id,
        ...sessionColumns(body),
        ...room,
      })
      .returning({ id: liveSessions.id });
    await tx.insert(liveSlots).values(body.slots.map((s) => ({ sessionId: session!.id, startsAt: new Date(s.starts_at), endsAt: new Date(s.ends_at) })));
    return session!.id;
  });
  return describeOne(db, actor, id, now);
}

/** A course's sessions: for who may see the course; the room as `describeSessions` says. */
export async function listCourseSessions(db: Db, actor: AuthUser, courseId: number, now = new Date()): Promise<SessionList> {
  const course = await courseFacts(db, courseId);
  if (!course || !canViewCourse(actor, course)) throw AppError.notFound(sessionMessages.courseNotFound);
  const rows = await db.select().from(liveSessions).where(eq(liveSessions.courseId, courseId)).orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
  return { items: await describeSessions(db, actor, rows.map((session) => ({ session, course })), now) };
}

async function hasSignatures(db: Executor, sessionId: number): Promise<boolean> {
  const [row] = await db.select({ id: liveSignatures.id }).from(liveSignatures).innerJoin(liveSlots, eq(liveSlots.id, liveSignatures.slotId)).where(eq(liveSlots.sessionId, sessionId)).limit(1);
  return Boolean(row);
}

async function registeredUserIds(db: Executor, sessionId: number): Promise<number[]> {
  const rows = await db.select({ userId: liveRegistrations.userId }).from(liveRegistrations).where(eq(liveRegistrations.sessionId, sessionId)).orderBy(asc(liveRegistrations.userId));
  return rows.map((r) => r.userId);
}

/**
 * Changes a session. Its dates and slots are frozen once it has started or has a signature (the
 * sheet would lie); the capacity never drops below the registered. The registered learners get the
 * updated convocation (same UID, SEQUENCE + 1).
 */
export async function updateSession(db: Db, config: Config, storage: Storage, actor: AuthUser, sessionId: number, body: SessionBody, now = new Date()): Promise<LiveSession> {
  await db.transaction(async (tx) => {
    const { session, course } = await managedSession(tx, actor, sessionId, true);
    const sameDates =
      Date.parse(body.starts_at) === session.startsAt.getTime() &&
      Date.parse(body.ends_at) === session.endsAt.getTime() &&
      JSON.stringify(body.slots.map((s) => [Date.parse(s.starts_at), Date.parse(s.ends_at)]).sort()) ===
        JSON.stringify((await tx.select().from(liveSlots).where(eq(liveSlots.sessionId, sessionId))).map((s) => [s.startsAt.getTime(), s.endsAt.getTime()]).sort());
    if (!sameDates && (session.startsAt.getTime() <= now.getTime() || (await hasSignatures(tx, sessionId)))) throw AppError.invalidTransition(sessionMessages.startedChange);
    scheduleCheck(body, now, !sameDates);
    const registered = await registeredUserIds(tx, sessionId);
    if (body.capacity < registered.length) {
      const message = sessionMessages.capacityBelowRegistered(registered.length);
      throw AppError.validation({ capacity: [message] }, message);
    }
    const room = body.modality === 'virtual' && !session.roomUrl ? sessionRoom(config) : body.modality === 'virtual' ? {} : { roomName: null, roomUrl: null };
    const [updated] = await tx
      .update(liveSessions)
      .set({
        ...sessionColumns(body),
        ...room,
        sequence: sql`${liveSessions.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(liveSessions.id, sessionId))
      .returning();
    if (!sameDates) {
      await tx.delete(liveSlots).where(eq(liveSlots.sessionId, sessionId));
      await tx.insert(liveSlots).values(body.slots.map((s) => ({ sessionId, startsAt: new Date(s.starts_at), endsAt: new Date(s.ends_at) })));
    }
    await sendConvocations(tx, config, storage, updated!, course, registered, 'updated');
  });
  return describeOne(db, actor, sessionId, now);
}

/** Deletes a session that nobody signed for; its registered learners get the cancellation (METHOD:CANCEL). */
export async function deleteSession(db: Db, config: Config, storage: Storage, actor: AuthUser, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { session, course } = await managedSession(tx, actor, sessionId, true);
    if (await hasSignatures(tx, sessionId)) throw AppError.invalidTransition(sessionMessages.hasSignatures);
    const registered = await registeredUserIds(tx, sessionId);
    await tx.delete(liveSessions).where(eq(liveSessions.id, sessionId));
    await sendConvocations(tx, config, storage, { ...session, sequence: session.sequence + 1 }, course, registered, 'cancelled');
  });
}

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * Registers the caller (a learner enrolled in the course), or the members an organisation names
 * (each enrolled in the course on its seats, decision 049), within the session's capacity: the
 * session row is locked, so of two registrations racing for the last place one gets it and the
 * other is refused (409), and nothing of it is written.
 */
export async function register(db: Db, config: Config, storage: Storage, actor: AuthUser, sessionId: number, body: RegistrationBody, now = new Date()): Promise<RegistrationResult> {
  return db.transaction(async (tx) => {
    const found = await sessionWithCourse(tx, sessionId, true);
    if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(sessionMessages.sessionNotFound);
    const { session, course } = found;
    if (session.startsAt.getTime() <= now.getTime()) throw AppError.invalidTransition(sessionMessages.sessionStarted);
    let userIds: number[];
    if (isOrganisation(actor)) {
      const wanted = [...new Set(body?.user_ids ?? [])];
      if (wanted.length === 0) throw AppError.validation({ user_ids: [sessionMessages.membersRequired] }, sessionMessages.membersRequired);
      const enrolled = await tx
        .select({ userId: organisationEnrolments.userId })
        .from(organisationEnrolments)
        .innerJoin(
          organisationMembers,
          and(eq(organisationMembers.organisationId, organisationEnrolments.organisationId), eq(organisationMembers.userId, organisationEnrolments.userId), eq(organisationMembers.status, 'active')),
        )
        .innerJoin(enrolments, and(eq(enrolments.userId, organisationEnrolments.userId), eq(enrolments.courseId, organisationEnrolments.courseId)))
        .where(and(eq(organisationEnrolments.organisationId, actor.id), eq(organisationEnrolments.courseId, course.id), inArray(organisationEnrolments.userId, wanted)));
      if (enrolled.length !== wanted.length) throw AppError.validation({ user_ids: [sessionMessages.membersNotEnrolled] }, sessionMessages.membersNotEnrolled);
      const present = new Set(
        (await tx.select({ userId: liveRegistrations.userId }).from(liveRegistrations).where(and(eq(liveRegistrations.sessionId, sessionId), inArray(liveRegistrations.userId, wanted)))).map(
          (r) => r.userId,
        ),
      );
      userIds = wanted.filter((id) => !present.has(id));
    } else {
      if (body?.user_ids !== undefined) throw AppError.forbidden();
      const [present] = await tx.select({ userId: liveRegistrations.userId }).from(liveRegistrations).where(and(eq(liveRegistrations.sessionId, sessionId), eq(liveRegistrations.userId, actor.id)));
      if (present) throw new AppError('already_registered', 409, sessionMessages.alreadyRegistered);
      const [enrolment] = await tx.select({ userId: enrolments.userId }).from(enrolments).where(and(eq(enrolments.userId, actor.id), eq(enrolments.courseId, course.id))).limit(1);
      if (!enrolment) throw AppError.forbidden(sessionMessages.notEnrolled);
      userIds = [actor.id];
    }
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(liveRegistrations).where(eq(liveRegistrations.sessionId, sessionId));
    if (n + userIds.length > session.capacity) throw new AppError('session_full', 409, sessionMessages.sessionFull);
    if (userIds.length > 0) await tx.insert(liveRegistrations).values(userIds.map((userId) => ({ sessionId, userId, registeredById: actor.id })));
    await sendConvocations(tx, config, storage, session, course, userIds, 'registered');
    return { registered: userIds, remaining: session.capacity - n - userIds.length };
  });
}

/** The learner's sessions, soonest first, with their signature on each slot and the room while it is open. */
export async function mySessions(db: Db, actor: AuthUser, now = new Date()): Promise<MySessions> {
  const rows = await db
    .select({ session: liveSessions, course: { id: courses.id, title: courses.title, authorId: courses.authorId, authorName: courses.authorName, status: courses.status } })
    .from(liveRegistrations)
    .innerJoin(liveSessions, eq(liveSessions.id, liveRegistrations.sessionId))
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(eq(liveRegistrations.userId, actor.id))
    .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
  const described = await describeSessions(db, actor, rows, now);
  const slotIds = described.flatMap((s) => s.slots.map((slot) => slot.id));
  const [signed, absences] = slotIds.length
    ? await Promise.all([
        db.select({ slotId: liveSignatures.slotId, signedAt: liveSignatures.signedAt }).from(liveSignatures).where(and(eq(liveSignatures.userId, actor.id), inArray(liveSignatures.slotId, slotIds))),
        db.select({ slotId: liveAbsences.slotId, reason: liveAbsences.reason }).from(liveAbsences).where(and(eq(liveAbsences.userId, actor.id), inArray(liveAbsences.slotId, slotIds))),
      ])
    : [[], []];
  return {
    items: described.map((s) => ({
      ...s,
      my_slots: s.slots.map((slot) => ({
        slot_id: slot.id,
        signed_at: signed.find((x) => x.slotId === slot.id)?.signedAt.toISOString() ?? null,
        absence_reason: absences.find((x) => x.slotId === slot.id)?.reason ?? null,
      })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Signatures

export interface SigningFacts {
  registered: boolean;
  alreadySigned: boolean;
  slot: { starts_at: string | Date };
}

/**
 * THE signing rule (R6332-26): a registered learner signs a slot once, from 15 minutes before its
 * start to 30 minutes after. Returns the refusal, or null when the signature is taken. `now` is
 * the clock, injected by tests.
 */
export function signingRefusal(facts: SigningFacts, now: Date | number): AppError | null {
  if (!facts.registered) return AppError.forbidden(sessionMessages.notRegistered);
  if (facts.alreadySigned) return new AppError('already_signed', 409, sessionMessages.alreadySigned);
  const window = signingWindowState(facts.slot, now);
  if (window === 'not_open') return new AppError('signing_closed', 409, sessionMessages.signingNotOpen);
  if (window === 'closed') return new AppError('signing_closed', 409, sessionMessages.signingClosed);
  return null;
}

async function slotWithSession(db: Executor, slotId: number) {
  const [row] = await db.select({ slot: liveSlots, session: liveSessions }).from(liveSlots).innerJoin(liveSessions, eq(liveSessions.id, liveSlots.sessionId)).where(eq(liveSlots.id, slotId)).limit(1);
  if (!row) return null;
  const course = await courseFacts(db, row.session.courseId);
  return course ? { ...row, course } : null;
}

const IP_SECRET_SETTING = 'signature_ip_secret';

/** The key of the addresses' hash, drawn once and kept in `settings` (every process hashes alike). */
export async function ipHashSecret(db: Executor): Promise<string> {
  const read = async () => (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, IP_SECRET_SETTING)).limit(1))[0]?.value;
  let value = await read();
  if (!value) {
    await db.insert(settings).values({ key: IP_SECRET_SETTING, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    value = await read();
  }
  return value!;
}

/** The address as evidence: a keyed hash shows two signatures came from the same address without keeping it. */
export function hashIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`ecoforma-signature-ip:v1:${ip}`).digest('hex');
}

export interface RequestFacts {
  userAgent: string;
  ip: string;
}

/** Signs a slot for the caller (`signingRefusal` decides); the first signature is kept, a second answers 409. */
export async function signSlot(db: Db, actor: AuthUser, slotId: number, body: SignatureBody, request: RequestFacts, now = new Date()): Promise<SignatureCreated> {
  const found = await slotWithSession(db, slotId);
  if (!found) throw AppError.notFound(sessionMessages.slotNotFound);
  const facts = async (executor: Executor): Promise<SigningFacts> => {
    const [registration] = await executor
      .select({ userId: liveRegistrations.userId })
      .from(liveRegistrations)
      .where(and(eq(liveRegistrations.sessionId, found.session.id), eq(liveRegistrations.userId, actor.id)));
    const [signature] = await executor.select({ id: liveSignatures.id }).from(liveSignatures).where(and(eq(liveSignatures.slotId, slotId), eq(liveSignatures.userId, actor.id)));
    return { registered: Boolean(registration), alreadySigned: Boolean(signature), slot: { starts_at: found.slot.startsAt } };
  };
  const refusal = signingRefusal(await facts(db), now);
  if (refusal) throw refusal;
  const image = await signatureFromBody(body);
  const secret = await ipHashSecret(db);
  const [inserted] = await db
    .insert(liveSignatures)
    .values({
      slotId,
      userId: actor.id,
      signedAt: now,
      method: image.method,
      signaturePng: image.png.toString('base64'),
      imageSha256: image.sha256,
      userAgent: request.userAgent.slice(0, 500),
      ipHash: hashIp(secret, request.ip),
    })
    // Two signatures sent at once: the unique index keeps the first.
    .onConflictDoNothing()
    .returning({ signedAt: liveSignatures.signedAt });
  if (!inserted) throw new AppError('already_signed', 409, sessionMessages.alreadySigned);
  return { slot_id: slotId, signed_at: inserted.signedAt.toISOString() };
}

async function managedSlot(db: Executor, actor: Actor, slotId: number) {
  const found = await slotWithSession(db, slotId);
  if (!found) throw AppError.notFound(sessionMessages.slotNotFound);
  if (!canManageSessions(actor, found.course)) throw AppError.forbidden();
  return found;
}

/** The trainer's live sheet of a slot: every registered learner, signed, absent or justified. */
export async function slotSheet(db: Db, actor: AuthUser, slotId: number, now = new Date()): Promise<SlotSheet> {
  const found = await managedSlot(db, actor, slotId);
  const [session] = await describeSessions(db, actor, [{ session: found.session, course: found.course }], now);
  const lines = await sheetLines(db, found.session.id, [slotId]);
  return {
    session: session!,
    slot: { id: found.slot.id, starts_at: found.slot.startsAt.toISOString(), ends_at: found.slot.endsAt.toISOString(), countersigned_at: found.slot.countersignedAt?.toISOString() ?? null },
    lines: lines.map((l) => {
      const cell = l.cells[0]!;
      return {
        user_id: l.userId,
        name: l.name,
        state: cell.state,
        signed_at: cell.state === 'signed' ? cell.signedAt.toISOString() : null,
        reason: cell.state === 'justified' ? cell.reason : null,
      };
    }),
  };
}

type SheetCell = { state: 'signed'; image: Buffer; signedAt: Date } | { state: 'absent' } | { state: 'justified'; reason: string };

/** Per registered learner (by name), their cell on each of `slotIds`. */
async function sheetLines(db: Executor, sessionId: number, slotIds: number[]): Promise<{ userId: number; name: string; cells: SheetCell[] }[]> {
  const learners = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(liveRegistrations)
    .innerJoin(users, eq(users.id, liveRegistrations.userId))
    .where(eq(liveRegistrations.sessionId, sessionId))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  const [signatures, absences] = slotIds.length
    ? await Promise.all([
        db.select({ slotId: liveSignatures.slotId, userId: liveSignatures.userId, png: liveSignatures.signaturePng, signedAt: liveSignatures.signedAt }).from(liveSignatures).where(inArray(liveSignatures.slotId, slotIds)),
        db.select({ slotId: liveAbsences.slotId, userId: liveAbsences.userId, reason: liveAbsences.reason }).from(liveAbsences).where(inArray(liveAbsences.slotId, slotIds)),
      ])
    : [[], []];
  return learners.map((l) => ({
    userId: l.id,
    name: `${l.firstname} ${l.lastname}`,
    cells: slotIds.map((slotId): SheetCell => {
      const signature = signatures.find((s) => s.slotId === slotId && s.userId === l.id);
      if (signature) return { state: 'signed', image: Buffer.from(signature.png, 'base64'), signedAt: signature.signedAt };
      const absence = absences.find((a) => a.slotId === slotId && a.userId === l.id);
      return absence ? { state: 'justified', reason: absence.reason } : { state: 'absent' };
    }),
  }));
}

/** The trainer countersigns a slot once it has started, once. */
export async function countersignSlot(db: Db, actor: AuthUser, slotId: number, body: SignatureBody, now = new Date()): Promise<SlotSheet> {
  const found = await managedSlot(db, actor, slotId);
  if (found.slot.startsAt.getTime() - 15 * 60_000 > now.getTime()) throw AppError.invalidTransition(sessionMessages.countersignNotYet);
  if (found.slot.countersignedAt) throw AppError.invalidTransition(sessionMessages.alreadyCountersigned);
  const image = await signatureFromBody(body);
  const [trainer] = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, actor.id));
  const [done] = await db
    .update(liveSlots)
    .set({ countersignedAt: now, countersignedById: actor.id, trainerSignaturePng: image.png.toString('base64'), trainerName: trainer ? `${trainer.firstname} ${trainer.lastname}` : null })
    .where(and(eq(liveSlots.id, slotId), sql`${liveSlots.countersignedAt} is null`))
    .returning({ id: liveSlots.id });
  if (!done) throw AppError.invalidTransition(sessionMessages.alreadyCountersigned);
  return slotSheet(db, actor, slotId, now);
}

/** The trainer marks a registered learner's absence from a slot as justified, with its reason (or changes the reason). */
export async function justifyAbsence(db: Db, actor: AuthUser, slotId: number, userId: number, body: AbsenceBody, now = new Date()): Promise<SlotSheet> {
  const found = await managedSlot(db, actor, slotId);
  const [registration] = await db.select({ userId: liveRegistrations.userId }).from(liveRegistrations).where(and(eq(liveRegistrations.sessionId, found.session.id), eq(liveRegistrations.userId, userId)));
  if (!registration) throw AppError.notFound(sessionMessages.learnerNotRegistered);
  const [signature] = await db.select({ id: liveSignatures.id }).from(liveSignatures).where(and(eq(liveSignatures.slotId, slotId), eq(liveSignatures.userId, userId)));
  if (signature) throw AppError.invalidTransition(sessionMessages.learnerSigned);
  await db
    .insert(liveAbsences)
    .values({ slotId, userId, reason: body.reason, justifiedById: actor.id })
    .onConflictDoUpdate({ target: [liveAbsences.slotId, liveAbsences.userId], set: { reason: body.reason, justifiedById: actor.id } });
  return slotSheet(db, actor, slotId, now);
}


/** The sign-in sheet of a session's day as a PDF (trainer and administrators). */
export async function attendanceSheet(db: Db, actor: AuthUser, sessionId: number, date: string | undefined): Promise<{ pdf: Buffer; fileName: string }> {
  const { session, course } = await managedSession(db, actor, sessionId);
  const all = await db.select().from(liveSlots).where(eq(liveSlots.sessionId, sessionId)).orderBy(asc(liveSlots.startsAt));
  const day = date ?? parisDay(session.startsAt);
  const slots = all.filter((s) => parisDay(s.startsAt) === day);
  if (slots.length === 0) throw AppError.notFound(sessionMessages.noSlotThatDay);
  const lines = await sheetLines(db, sessionId, slots.map((s) => s.id));
  const pdf = await renderAttendanceSheetPdf({
    courseTitle: course.title,
    sessionTitle: session.title,
    day,
    trainerName: slots.find((s) => s.trainerName)?.trainerName ?? course.authorName,
    slots: slots.map((s) => ({ startsAt: s.startsAt, endsAt: s.endsAt, countersignedAt: s.countersignedAt, trainerSignature: s.trainerSignaturePng ? Buffer.from(s.trainerSignaturePng, 'base64') : null })),
    learners: lines.map((l) => ({ name: l.name, cells: l.cells })),
  });
  return { pdf, fileName: `emargement-session-${sessionId}-${day}.pdf` };
}

/** Every session, latest first, with its days and how many signatures it holds (administrators). */
export async function adminSessions(db: Db, actor: AuthUser, query: { page: number; pageSize: number }, now = new Date()): Promise<AdminSessions> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(liveSessions);
  const rows = await db
    .select({ session: liveSessions, course: { id: courses.id, title: courses.title, authorId: courses.authorId, authorName: courses.authorName, status: courses.status } })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .orderBy(desc(liveSessions.startsAt), desc(liveSessions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const described = await describeSessions(db, actor, rows, now);
  const ids = described.map((s) => s.id);
  const signed = ids.length
    ? await db.select({ sessionId: liveSlots.sessionId, n: count() }).from(liveSignatures).innerJoin(liveSlots, eq(liveSlots.id, liveSignatures.slotId)).where(inArray(liveSlots.sessionId, ids)).groupBy(liveSlots.sessionId)
    : [];
  return {
    items: described.map((s) => ({
      ...s,
      signed_count: signed.find((x) => x.sessionId === s.id)?.n ?? 0,
      days: [...new Set(s.slots.map((slot) => parisDay(new Date(slot.starts_at))))],
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Signed hours, for the attendance report and the certificat de réalisation

export interface SignedSlotMinutes {
  slotId: number;
  sessionId: number;
  startsAt: Date;
  signedAt: Date;
  minutes: number;
}

/**
 * The live minutes a learner signed in a course between `from` (included) and `to` (excluded), one
 * entry per signed slot: the slot's length counts whole once signed (R6332-26, the half-day is the
 * unit of the sheet). Who is meant: `{ userId, courseId }`, the key of an enrolment.
 */
export async function signedLiveMinutes(db: Executor, who: { userId: number; courseId: number }, period: { from?: Date; to?: Date } = {}): Promise<SignedSlotMinutes[]> {
  const rows = await db
    .select({ slotId: liveSlots.id, sessionId: liveSlots.sessionId, startsAt: liveSlots.startsAt, endsAt: liveSlots.endsAt, signedAt: liveSignatures.signedAt })
    .from(liveSignatures)
    .innerJoin(liveSlots, eq(liveSlots.id, liveSignatures.slotId))
    .innerJoin(liveSessions, eq(liveSessions.id, liveSlots.sessionId))
    .where(
      and(
        eq(liveSignatures.userId, who.userId),
        eq(liveSessions.courseId, who.courseId),
        period.from ? gte(liveSlots.startsAt, period.from) : undefined,
        period.to ? lt(liveSlots.startsAt, period.to) : undefined,
      ),
    )
    .orderBy(asc(liveSlots.startsAt));
  return rows.map((r) => ({ slotId: r.slotId, sessionId: r.sessionId, startsAt: r.startsAt, signedAt: r.signedAt, minutes: Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000) }));
}
