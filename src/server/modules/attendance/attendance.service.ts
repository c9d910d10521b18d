import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  attendanceMessages,
  minutesOf,
  type ActivityResult,
  type Attendance,
  type AttendanceConnection,
  type AttendanceLesson,
  type AttendanceQuiz,
} from '../../../shared/attendance';
import { csvDateTime, toCsv } from '../../../shared/csv';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { attendanceSessions, courses, courseSections, enrolments, lessonProgress, lessons, organisationEnrolments, organisationMembers, quizAttempts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { beatDecision } from './heartbeat';
import { signedLiveMinutes } from '../sessions';
import { inParisPeriod, parisDay, type ParisPeriod } from '../../../shared/paris-days';

const LESSON_NOT_FOUND = "Cette leçon n'existe pas ou vous n'y avez pas accès.";

/** A constant first key for the beats' advisory locks (the second is the learner), so two beats of one learner take turns. */
const BEAT_LOCK_CLASS = 27;

/**
 * Records a beat of the player (decision 047): refuses a lesson of a course the caller is not
 * enrolled in (403), then, with the learner's beats taking turns, reads the latest connection and
 * writes ONE row: the open connection updated in place, or a new one.
 */
export async function recordBeat(db: Db, userId: number, lessonId: number, seq: number, now: Date = new Date()): Promise<ActivityResult> {
  const [lesson] = await db
    .select({ courseId: courseSections.courseId, enrolled: sql<boolean>`exists (select 1 from ${enrolments} e where e.user_id = ${userId} and e.course_id = ${courseSections.courseId})` })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!lesson) throw AppError.notFound(LESSON_NOT_FOUND);
  if (!lesson.enrolled) throw AppError.forbidden(attendanceMessages.notEnrolled);
  const courseId = lesson.courseId;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BEAT_LOCK_CLASS}, ${userId})`);
    const [latest] = await tx
      .select({ id: attendanceSessions.id, lastBeatAt: attendanceSessions.lastBeatAt, lastSeq: attendanceSessions.lastSeq })
      .from(attendanceSessions)
      .where(and(eq(attendanceSessions.userId, userId), eq(attendanceSessions.courseId, courseId)))
      .orderBy(desc(attendanceSessions.startedAt), desc(attendanceSessions.id))
      .limit(1);
    const decision = beatDecision(latest ?? null, seq, now);
    if (decision.outcome === 'opened') {
      await tx.insert(attendanceSessions).values({ userId, courseId, startedAt: now, lastBeatAt: now, lastSeq: seq, seconds: 0, lessonSeconds: {} });
    } else if (decision.outcome === 'continued' && latest) {
      const key = String(lessonId);
      await tx
        .update(attendanceSessions)
        .set({
          lastBeatAt: now,
          lastSeq: seq,
          seconds: sql`${attendanceSessions.seconds} + ${decision.creditedSeconds}`,
          lessonSeconds: sql`jsonb_set(${attendanceSessions.lessonSeconds}, array[${key}]::text[], to_jsonb(coalesce((${attendanceSessions.lessonSeconds} ->> ${key})::int, 0) + ${decision.creditedSeconds}))`,
        })
        .where(eq(attendanceSessions.id, latest.id));
    }
    return { outcome: decision.outcome, credited_seconds: decision.creditedSeconds };
  });
}

// ---------------------------------------------------------------------------------------------
// Who reads an enrolment's proofs

/** What decides who reads an enrolment's attendance and certificat de réalisation. */
export interface EnrolmentReaders {
  learnerId: number;
  /** The course's author: its trainer. */
  authorId: number;
  /** Organisations the learner consented to share their progress with (active membership) and that enrolled them in this course. */
  consentingOrganisationIds: number[];
}

/** The learner, the course's trainer, administrators, and an organisation the learner consented to share this course's progress with; nobody else. */
export function mayReadEnrolment(actor: Actor & { id: number }, readers: EnrolmentReaders): boolean {
  if (isAdmin(actor)) return true;
  if (actor.id === readers.learnerId || actor.id === readers.authorId) return true;
  return actor.role === 'organisme' && readers.consentingOrganisationIds.includes(actor.id);
}

export interface EnrolmentFacts extends EnrolmentReaders {
  id: number;
  courseId: number;
  courseTitle: string;
  learnerName: string;
  enrolledAt: Date;
  completedAt: Date | null;
}

/** The enrolment with its readers, or 404; 403 when the caller is not one of them. */
export async function readableEnrolment(db: Executor, actor: Actor & { id: number }, enrolmentId: number): Promise<EnrolmentFacts> {
  const [row] = await db
    .select({
      id: enrolments.id,
      learnerId: enrolments.userId,
      courseId: enrolments.courseId,
      enrolledAt: enrolments.createdAt,
      completedAt: enrolments.completedAt,
      courseTitle: courses.title,
      authorId: courses.authorId,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.id, enrolmentId))
    .limit(1);
  if (!row) throw AppError.notFound(attendanceMessages.enrolmentNotFound);
  const organisations = await consentingOrganisations(db, row.learnerId, row.courseId);
  const facts: EnrolmentFacts = {
    id: row.id,
    learnerId: row.learnerId,
    authorId: row.authorId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    learnerName: `${row.firstname} ${row.lastname}`.trim(),
    enrolledAt: row.enrolledAt,
    completedAt: row.completedAt,
    consentingOrganisationIds: organisations.map((o) => o.organisationId),
  };
  if (!mayReadEnrolment(actor, facts)) throw AppError.forbidden(attendanceMessages.forbidden);
  return facts;
}

/** The organisations the learner is an active (consenting) member of and that enrolled them in the course, earliest membership first. */
export async function consentingOrganisations(db: Executor, learnerId: number, courseId: number) {
  return db
    .select({ organisationId: organisationMembers.organisationId, joinedAt: organisationMembers.joinedAt })
    .from(organisationMembers)
    .innerJoin(
      organisationEnrolments,
      and(eq(organisationEnrolments.organisationId, organisationMembers.organisationId), eq(organisationEnrolments.userId, learnerId), eq(organisationEnrolments.courseId, courseId)),
    )
    .where(and(eq(organisationMembers.userId, learnerId), eq(organisationMembers.status, 'active')))
    .orderBy(asc(organisationMembers.joinedAt), asc(organisationMembers.id));
}

// ---------------------------------------------------------------------------------------------
// Attendance

/** An enrolment's attendance over a period: lessons (estimated duration, completion, time on screen), quiz attempts, connections. */
export async function attendanceOf(db: Executor, enrolment: EnrolmentFacts, period: ParisPeriod): Promise<Attendance> {
  const lessonRows = await db
    .select({ id: lessons.id, title: lessons.title, type: lessons.type, minutes: lessons.durationMinutes, sectionTitle: courseSections.title })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(courseSections.courseId, enrolment.courseId))
    .orderBy(asc(courseSections.position), asc(lessons.position), asc(lessons.id));
  const lessonIds = lessonRows.map((l) => l.id);
  // One after the other: the evidence archive reads this inside an account's deletion, whose transaction is one connection.
  const progress =
    lessonIds.length === 0
      ? []
      : await db.select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt }).from(lessonProgress).where(and(eq(lessonProgress.userId, enrolment.learnerId), inArray(lessonProgress.lessonId, lessonIds)));
  const attempts =
    lessonIds.length === 0
      ? []
      : await db
          .select({ lessonId: quizAttempts.lessonId, number: quizAttempts.number, score: quizAttempts.score, passed: quizAttempts.passed, createdAt: quizAttempts.createdAt })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, enrolment.learnerId), inArray(quizAttempts.lessonId, lessonIds)))
          .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.id));
  const sessions = await db
    .select()
    .from(attendanceSessions)
    .where(and(eq(attendanceSessions.userId, enrolment.learnerId), eq(attendanceSessions.courseId, enrolment.courseId)))
    .orderBy(asc(attendanceSessions.startedAt), asc(attendanceSessions.id));
  const inside = sessions.filter((s) => inParisPeriod(s.startedAt, period));
  const onScreen = new Map<number, number>();
  for (const s of inside) for (const [id, seconds] of Object.entries(s.lessonSeconds)) onScreen.set(Number(id), (onScreen.get(Number(id)) ?? 0) + seconds);
  const completed = new Map(progress.filter((p) => inParisPeriod(p.completedAt, period)).map((p) => [p.lessonId, p.completedAt]));
  const titles = new Map(lessonRows.map((l) => [l.id, l.title]));

  const lessonLines: AttendanceLesson[] = lessonRows.map((l) => {
    const seconds = onScreen.get(l.id) ?? 0;
    return {
      id: l.id,
      title: l.title,
      section_title: l.sectionTitle,
      type: l.type,
      estimated_minutes: l.minutes,
      completed_at: completed.get(l.id)?.toISOString() ?? null,
      on_screen_seconds: seconds,
      on_screen_minutes: minutesOf(seconds),
    };
  });
  const quizLines: AttendanceQuiz[] = attempts
    .filter((a) => inParisPeriod(a.createdAt, period))
    .map((a) => ({ lesson_id: a.lessonId, title: titles.get(a.lessonId) ?? '', attempt: a.number, score: a.score, passed: a.passed, submitted_at: a.createdAt.toISOString() }));
  const connections: AttendanceConnection[] = inside.map((s) => ({ started_at: s.startedAt.toISOString(), ended_at: s.lastBeatAt.toISOString(), seconds: s.seconds, minutes: minutesOf(s.seconds) }));
  const totalSeconds = inside.reduce((sum, s) => sum + s.seconds, 0);
  const live = (await signedLiveMinutes(db, { userId: enrolment.learnerId, courseId: enrolment.courseId })).filter((slot) => inParisPeriod(slot.startsAt, period));
  return {
    enrolment_id: enrolment.id,
    learner: { id: enrolment.learnerId, name: enrolment.learnerName },
    course: { id: enrolment.courseId, title: enrolment.courseTitle },
    enrolled_at: enrolment.enrolledAt.toISOString(),
    completed_at: enrolment.completedAt?.toISOString() ?? null,
    period: { from: period.from ?? null, to: period.to ?? null },
    lessons: lessonLines,
    quizzes: quizLines,
    total_estimated_minutes: lessonLines.filter((l) => l.completed_at).reduce((sum, l) => sum + l.estimated_minutes, 0),
    total_on_screen_seconds: totalSeconds,
    total_on_screen_minutes: minutesOf(totalSeconds),
    connections,
    live_slots: live.map((slot) => ({ slot_id: slot.slotId, session_id: slot.sessionId, starts_at: slot.startsAt.toISOString(), signed_at: slot.signedAt.toISOString(), minutes: slot.minutes })),
    total_live_minutes: live.reduce((sum, slot) => sum + slot.minutes, 0),
  };
}

export const ATTENDANCE_CSV_HEADER = ['Type', 'Intitulé', 'Chapitre', 'Durée estimée (min)', 'Terminée le', "Temps à l'écran (min)", 'Score (%)', 'Réussi', 'Début', 'Fin'];

/** The attendance as a spreadsheet: one line per lesson, quiz attempt and connection, then the totals. */
export function attendanceCsv(a: Attendance): string {
  const when = (value: string | null) => (value ? csvDateTime(new Date(value)) : '');
  const rows: (string | number | null)[][] = [
    ...a.lessons.map((l) => ['Leçon', l.title, l.section_title, l.estimated_minutes, when(l.completed_at), l.on_screen_minutes, null, null, null, null]),
    ...a.quizzes.map((q) => [`Quiz (tentative ${q.attempt})`, q.title, null, null, null, null, q.score, q.passed ? 'oui' : 'non', when(q.submitted_at), null]),
    ...a.connections.map((c) => ['Connexion', null, null, null, null, c.minutes, null, null, when(c.started_at), when(c.ended_at)]),
    ...a.live_slots.map((s) => ['Session en direct (émargée)', null, null, s.minutes, when(s.signed_at), null, null, null, when(s.starts_at), null]),
    ['Total', `${a.learner.name} — ${a.course.title}`, null, a.total_estimated_minutes + a.total_live_minutes, null, a.total_on_screen_minutes + a.total_live_minutes, null, null, null, null],
  ];
  return toCsv(ATTENDANCE_CSV_HEADER, rows);
}

/** A file name without accents or spaces: `assiduite-12-2026-11-27.csv`. */
export function attendanceFileName(enrolmentId: number, extension: 'csv' | 'pdf', prefix = 'assiduite', now: Date = new Date()): string {
  return `${prefix}-${enrolmentId}-${parisDay(now)}.${extension}`;
}
