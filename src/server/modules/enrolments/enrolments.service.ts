import { and, eq, sql } from 'drizzle-orm';
import type { FundingLine, TraineeType } from '../../../shared/bpf';
import { ownCourseMessages } from '../../../shared/course-rules';
import type { Executor } from '../../db/client';
import { courses, enrolments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { issueCertificates } from '../certificates';
import { notify } from '../notifications';

/**
 * THE way into a course, whoever enrols (the learner themselves, an organisation on its seats,
 * later a paid contract or a live session): writes the enrolments that do not exist yet, in the
 * caller's transaction, and confirms each new one to its learner the same way. Enrolling again
 * changes nothing and says nothing. The course's author is refused (403 own_course, issue 25): they
 * preview their course, they do not take it. Returns the learners enrolled just now.
 */
export async function enrol(tx: Executor, courseId: number, userIds: number[], options: { accessFrom?: Date | null } = {}): Promise<number[]> {
  if (userIds.length === 0) return [];
  const [author] = await tx.select({ id: courses.authorId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (author && userIds.includes(author.id)) throw new AppError('own_course', 403, ownCourseMessages.authorAmongLearners);
  const added = await tx
    .insert(enrolments)
    // A paid contract opens access at the end of the withdrawal period (issue 29); every other way in opens it at once.
    .values(userIds.map((userId) => ({ userId, courseId, accessFrom: options.accessFrom ?? null })))
    .onConflictDoNothing()
    .returning({ userId: enrolments.userId });
  if (added.length === 0) return [];
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1);
  for (const { userId } of added) {
    if (course) await notify(tx, { userId, kind: 'enrolment_confirmed', data: { courseId, courseTitle: course.title } });
  }
  return added.map((row) => row.userId);
}

/** Leaves a course: the enrolment goes, and the progress kept with the lessons stays for a return. */
export async function withdraw(tx: Executor, userId: number, courseId: number): Promise<void> {
  await tx.delete(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

/** The learner's enrolment in the course (where they resume, when they completed it, when its access opens), or null. */
export async function enrolmentOf(db: Executor, userId: number, courseId: number) {
  const [row] = await db
    .select({ lastLessonId: enrolments.lastLessonId, completedAt: enrolments.completedAt, accessFrom: enrolments.accessFrom })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** Whether the learner is enrolled with access open, locking the enrolment for the rest of the transaction (two attempts sent at once take turns). */
export async function lockEnrolment(tx: Executor, userId: number, courseId: number, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .select({ userId: enrolments.userId, accessFrom: enrolments.accessFrom })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .for('update');
  return Boolean(row) && accessOpen(row!, now);
}

/** Whether an enrolment's lessons may be opened at `now`: at once, or from the end of a paid contract's withdrawal period (issue 29). */
export function accessOpen(enrolment: { accessFrom: Date | null }, now = new Date()): boolean {
  return enrolment.accessFrom === null || enrolment.accessFrom.getTime() <= now.getTime();
}

/** Remembers the lesson as where "Reprendre" leads, and the time as the learner's last activity (the follow-up reminders count from it). */
export async function rememberLesson(db: Executor, userId: number, courseId: number, lessonId: number): Promise<void> {
  await db
    .update(enrolments)
    .set({ lastLessonId: lessonId, lastActivityAt: new Date() })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

/** A lesson `l` that completion and progress count: not a test de positionnement (offered, never required; decision 046). */
export const COUNTED = sql.raw('not exists (select 1 from quizzes pq where pq.lesson_id = l.id and pq.positioning)');

/**
 * THE place where a course becomes completed: every lesson of the course has a progress row
 * (a quiz gets one only when passed; tests de positionnement are left out) and the course has at least one lesson. Sets
 * `enrolments.completed_at` once, in the caller's transaction, for the given learner (or every
 * enrolled learner after the content shrank), issues their attestations in the same
 * transaction, and returns who became completed just now. Completion is never taken back
 * (decision 036).
 */
export async function detectCourseCompletions(tx: Executor, courseId: number, userId?: number): Promise<number[]> {
  const rows = await tx.execute(sql`
    update enrolments e set completed_at = now()
    where e.course_id = ${courseId} and e.completed_at is null
      ${userId === undefined ? sql`` : sql`and e.user_id = ${userId}`}
      and exists (select 1 from lessons l join course_sections s on s.id = l.section_id where s.course_id = ${courseId} and ${COUNTED})
      and not exists (
        select 1 from lessons l join course_sections s on s.id = l.section_id
        where s.course_id = ${courseId} and ${COUNTED}
          and not exists (select 1 from lesson_progress p where p.lesson_id = l.id and p.user_id = e.user_id))
    returning e.user_id`);
  const completed = (rows as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
  // The attestation is issued with the completion, or not at all.
  await issueCertificates(tx, courseId, completed);
  return completed;
}

/**
 * Sets an enrolment's BPF classification (issue 29): the trainee's type (frame F-1) and the line of
 * its revenue (frame C). A field left out stays as it is; null clears it. Returns the enrolment's
 * classification, or null when there is no such enrolment.
 */
export async function setEnrolmentClassification(
  db: Executor,
  enrolmentId: number,
  classification: { traineeType?: TraineeType | null; fundingLine?: FundingLine | null },
): Promise<{ traineeType: TraineeType | null; fundingLine: FundingLine | null } | null> {
  const set: { traineeType?: TraineeType | null; fundingLine?: FundingLine | null } = {};
  if (classification.traineeType !== undefined) set.traineeType = classification.traineeType;
  if (classification.fundingLine !== undefined) set.fundingLine = classification.fundingLine;
  const [row] =
    Object.keys(set).length === 0
      ? await db.select({ traineeType: enrolments.traineeType, fundingLine: enrolments.fundingLine }).from(enrolments).where(eq(enrolments.id, enrolmentId))
      : await db.update(enrolments).set(set).where(eq(enrolments.id, enrolmentId)).returning({ traineeType: enrolments.traineeType, fundingLine: enrolments.fundingLine });
  return row ?? null;
}
