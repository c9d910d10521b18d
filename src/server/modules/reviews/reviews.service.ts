import { and, count, desc, eq, sql } from 'drizzle-orm';
import { canEditCourse, canViewCourse, courseStatuses, type CourseStatus } from '../../../shared/courses';
import {
  canTransition,
  missingMessage,
  missingRequirements,
  reviewTransitions,
  submissionRequirements,
  transitionRefusedMessage,
  type AdminCoursePage,
  type AdminCoursesQuery,
  type CourseReview,
  type ReviewAction,
  type ReviewResult,
} from '../../../shared/reviews';
import type { Actor } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { courseReviews, courses, courseSections, lessons, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { courseItemColumns, toCourseItem } from '../courses';
import { courseInformationColumns } from '../learning';
import { notify, notifyAdmins } from '../notifications';

const COURSE_NOT_FOUND = "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.";
const SUBMIT_REFUSED = "Seuls l'auteur du cours et les administrateurs peuvent le soumettre pour validation.";
const REVIEWS_REFUSED = "Seuls l'auteur du cours et les administrateurs peuvent consulter son historique de validation.";

const auditActionOf = {
  submit: 'course_submit',
  publish: 'course_publish',
  request_changes: 'course_request_changes',
  unpublish: 'course_unpublish',
} as const;

async function findCourse(db: Db, id: number) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      status: courses.status,
      authorId: courses.authorId,
      ...courseInformationColumns,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row ?? null;
}
type CourseFacts = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

async function lessonCount(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(courseSections.courseId, courseId));
  return row?.n ?? 0;
}

/**
 * Moves the course from one of the action's start states to its end state. The row is locked and
 * its state read again inside the transaction, then changed by a conditional UPDATE (`where status
 * = <the state read>`): of two administrators acting at once, only the first changes the row, the
 * second finds the new state and gets 409. History row and audit entry go in the same transaction.
 */
async function applyTransition(db: Db, course: CourseFacts, action: ReviewAction, actor: Actor, reason: string | null): Promise<ReviewResult> {
  const { to } = reviewTransitions[action];
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: courses.status }).from(courses).where(eq(courses.id, course.id)).for('update');
    if (!current) throw AppError.notFound(COURSE_NOT_FOUND);
    const from = current.status;
    if (!canTransition(action, from)) throw AppError.invalidTransition(transitionRefusedMessage(action, from));
    const [updated] = await tx
      .update(courses)
      .set({ status: to, reviewReason: reason, statusChangedAt: new Date() })
      .where(and(eq(courses.id, course.id), eq(courses.status, from)))
      .returning({ id: courses.id, status: courses.status, reviewReason: courses.reviewReason });
    if (!updated) throw AppError.invalidTransition(transitionRefusedMessage(action, from));
    await tx.insert(courseReviews).values({ courseId: course.id, actorId: actor.id, fromStatus: from, toStatus: to, reason });
    const [author] = await tx
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(eq(users.id, course.authorId));
    if (author) {
      await recordAudit(tx, {
        actor,
        target: author,
        action: auditActionOf[action],
        details: { course_id: course.id, course_title: course.title, from, to, ...(reason ? { reason } : {}) },
      });
      // The author hears of the administrator's decision; an administrator deciding on their own course needs no message.
      if (author.id !== actor.id && action === 'publish') {
        await notify(tx, { userId: author.id, kind: 'course_published', data: { courseId: course.id, courseTitle: course.title } });
      }
      // Every administrator hears of a course awaiting validation, in the same transaction (issue 25).
      if (action === 'submit') {
        await notifyAdmins(tx, 'course_submitted', { courseId: course.id, courseTitle: course.title, trainerName: `${author.firstname} ${author.lastname}` });
      }
      if (author.id !== actor.id && action === 'request_changes') {
        await notify(tx, { userId: author.id, kind: 'course_changes_requested', data: { courseId: course.id, courseTitle: course.title, reason } });
      }
    }
    return { id: updated.id, status: updated.status, review_reason: updated.reviewReason };
  });
}

/** The course an administrator acts on: 404 when it does not exist, 409 when it is not in a start state of the action. */
async function findForAdmin(db: Db, id: number, action: ReviewAction): Promise<CourseFacts> {
  const course = await findCourse(db, id);
  if (!course) throw AppError.notFound(COURSE_NOT_FOUND);
  if (!canTransition(action, course.status)) throw AppError.invalidTransition(transitionRefusedMessage(action, course.status));
  return course;
}

/**
 * The author (or an administrator for them) asks for publication: allowed from a draft, a course
 * sent back or an unpublished one, when it has a lesson and its public information (else 422
 * listing what is missing).
 */
export async function submitCourse(db: Db, id: number, actor: Actor): Promise<ReviewResult> {
  const course = await findCourse(db, id);
  if (!course || !canViewCourse(actor, course)) throw AppError.notFound(COURSE_NOT_FOUND);
  if (!canEditCourse(actor, course)) throw AppError.forbidden(SUBMIT_REFUSED);
  if (!canTransition('submit', course.status)) throw AppError.invalidTransition(transitionRefusedMessage('submit', course.status));
  const missing = missingRequirements({
    lessonCount: await lessonCount(db, course.id),
    objectives: course.objectives,
    target_audience: course.targetAudience,
    prerequisites: course.prerequisites,
    assessment_methods: course.assessmentMethods,
    access_delay: course.accessDelay,
    teaching_methods: course.teachingMethods,
    accessibility: course.accessibility,
    contact: course.contact,
  });
  if (missing.length > 0) {
    throw AppError.validation(Object.fromEntries(missing.map((m) => [m, [submissionRequirements[m]]])), missingMessage(missing));
  }
  return applyTransition(db, course, 'submit', actor, null);
}

export async function publishCourse(db: Db, id: number, actor: Actor): Promise<ReviewResult> {
  return applyTransition(db, await findForAdmin(db, id, 'publish'), 'publish', actor, null);
}

export async function requestChanges(db: Db, id: number, actor: Actor, reason: string): Promise<ReviewResult> {
  return applyTransition(db, await findForAdmin(db, id, 'request_changes'), 'request_changes', actor, reason);
}

export async function unpublishCourse(db: Db, id: number, actor: Actor, reason: string): Promise<ReviewResult> {
  return applyTransition(db, await findForAdmin(db, id, 'unpublish'), 'unpublish', actor, reason);
}

/**
 * The review queue: courses of one state, or all of them with those awaiting validation first
 * (longest waiting first), then the others by their latest change.
 */
export async function listAdminCourses(db: Db, query: AdminCoursesQuery): Promise<AdminCoursePage> {
  const where = query.status ? eq(courses.status, query.status) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ ...courseItemColumns, reviewReason: courses.reviewReason, statusChangedAt: courses.statusChangedAt })
      .from(courses)
      .where(where)
      .orderBy(
        sql`${courses.status} <> 'submitted'`,
        sql`case when ${courses.status} = 'submitted' then ${courses.statusChangedAt} end asc`,
        desc(courses.statusChangedAt),
        desc(courses.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ status: courses.status, n: count() }).from(courses).groupBy(courses.status),
  ]);
  const counts = Object.fromEntries(courseStatuses.map((s) => [s, 0])) as Record<CourseStatus, number>;
  for (const t of totals) counts[t.status] = t.n;
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    items: rows.map((row) => ({ ...toCourseItem(row), review_reason: row.reviewReason, status_changed_at: row.statusChangedAt.toISOString() })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** Every change of state of the course, newest first: for its author and administrators. */
export async function listCourseReviews(db: Db, id: number, actor: Actor): Promise<{ items: CourseReview[] }> {
  const course = await findCourse(db, id);
  if (!course || !canViewCourse(actor, course)) throw AppError.notFound(COURSE_NOT_FOUND);
  if (!canEditCourse(actor, course)) throw AppError.forbidden(REVIEWS_REFUSED);
  const rows = await db
    .select({
      id: courseReviews.id,
      fromStatus: courseReviews.fromStatus,
      toStatus: courseReviews.toStatus,
      reason: courseReviews.reason,
      createdAt: courseReviews.createdAt,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(courseReviews)
    .leftJoin(users, eq(users.id, courseReviews.actorId))
    .where(eq(courseReviews.courseId, course.id))
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      from_status: r.fromStatus,
      to_status: r.toStatus,
      reason: r.reason,
      actor_name: r.firstname !== null ? `${r.firstname} ${r.lastname}` : null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
