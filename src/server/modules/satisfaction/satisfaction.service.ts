import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { canViewCourse, isCourseAuthor, ownCourseMessages } from '../../../shared/courses';
import type { Actor } from '../../../shared/roles';
import {
  editableUntil,
  SATISFACTION_EDIT_DAYS,
  SATISFACTION_PAGE_SIZE,
  satisfactionMessages,
  type MySatisfactionAnswer,
  type MySatisfactionAnswers,
  type SatisfactionAnswer,
  type SatisfactionAnswersPage,
  type SatisfactionCourseSummary,
  type SatisfactionListQuery,
  type SatisfactionValues,
} from '../../../shared/satisfaction';
import type { Db } from '../../db/client';
import { courses, enrolments, satisfactionAnswers, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { csvDateTime, toCsv } from '../../lib/csv';

type AnswerRow = typeof satisfactionAnswers.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

function toMine(row: AnswerRow): MySatisfactionAnswer {
  return {
    course_id: row.courseId,
    rating: row.rating,
    comment: row.comment,
    comment_hidden: row.commentHiddenAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    editable_until: editableUntil(row.createdAt).toISOString(),
  };
}

/** `GET /api/user/satisfaction`: the caller's answers, hidden comments included (they wrote them). */
export async function listMyAnswers(db: Db, userId: number): Promise<MySatisfactionAnswers> {
  const rows = await db.select().from(satisfactionAnswers).where(eq(satisfactionAnswers.userId, userId)).orderBy(desc(satisfactionAnswers.createdAt));
  return { items: rows.map(toMine) };
}

/**
 * `PUT /api/courses/:id/satisfaction`: the learner's first answer, or a change within 30 days of
 * it. Only someone who completed the course answers. One statement decides between concurrent
 * submissions: the unique (learner, course) index turns the second insert into the update, and
 * the update applies only inside the window (`now` is injectable for the tests' clock).
 */
export async function saveAnswer(db: Db, actor: Actor, courseId: number, body: SatisfactionValues, now = new Date()): Promise<MySatisfactionAnswer> {
  const [course] = await db
    .select({ id: courses.id, status: courses.status, authorId: courses.authorId, completedAt: enrolments.completedAt })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, actor.id)))
    .where(eq(courses.id, courseId))
    .limit(1);
  // Someone who cannot see the course learns nothing of it (its existence included).
  if (!course || (!course.completedAt && !canViewCourse(actor, course))) throw AppError.notFound(satisfactionMessages.courseNotFound);
  // Five stars from its own author would count in the catalogue's average (issue 25).
  if (isCourseAuthor(actor, course)) throw new AppError('own_course', 403, ownCourseMessages.rate);
  if (!course.completedAt) throw AppError.forbidden(satisfactionMessages.notCompleted);

  const windowStart = new Date(now.getTime() - SATISFACTION_EDIT_DAYS * DAY_MS);
  const [row] = await db
    .insert(satisfactionAnswers)
    .values({ userId: actor.id, courseId, rating: body.rating, comment: body.comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [satisfactionAnswers.userId, satisfactionAnswers.courseId],
      set: { rating: sql`excluded.rating`, comment: sql`excluded.comment`, updatedAt: now },
      setWhere: sql`${satisfactionAnswers.createdAt} > ${windowStart}`,
    })
    .returning();
  if (!row) throw AppError.invalidTransition(satisfactionMessages.editWindowClosed);
  return toMine(row);
}

/** Whose answers a list covers: a trainer's own courses, or every course for administrators. */
export interface AnswersScope {
  /** Set for trainers: only the courses they wrote. */
  authorId?: number;
  /** Administrators read who answered and hidden comments; trainers neither. */
  moderator: boolean;
}

/** The conditions of a list; a course filter outside the scope is a 404, like a course that does not exist. */
async function scopeConditions(db: Db, scope: AnswersScope, courseId: number | undefined): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (scope.authorId !== undefined) conditions.push(eq(courses.authorId, scope.authorId));
  if (courseId !== undefined) {
    const [course] = await db.select({ authorId: courses.authorId }).from(courses).where(eq(courses.id, courseId)).limit(1);
    if (!course || (scope.authorId !== undefined && course.authorId !== scope.authorId)) throw AppError.notFound(satisfactionMessages.courseNotFound);
    conditions.push(eq(satisfactionAnswers.courseId, courseId));
  }
  return conditions;
}

const answerColumns = {
  id: satisfactionAnswers.id,
  courseId: satisfactionAnswers.courseId,
  courseTitle: courses.title,
  rating: satisfactionAnswers.rating,
  comment: satisfactionAnswers.comment,
  commentHiddenAt: satisfactionAnswers.commentHiddenAt,
  createdAt: satisfactionAnswers.createdAt,
  updatedAt: satisfactionAnswers.updatedAt,
  userId: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
};

interface ListedRow {
  id: number;
  courseId: number;
  courseTitle: string;
  rating: number;
  comment: string | null;
  commentHiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  userId: number;
  firstname: string;
  lastname: string;
  email: string;
}

/** One answer as the scope may read it: a hidden comment's text and the learner's identity for moderators only. */
function toAnswer(row: ListedRow, scope: AnswersScope): SatisfactionAnswer {
  const hidden = row.commentHiddenAt !== null;
  return {
    id: row.id,
    course: { id: row.courseId, title: row.courseTitle },
    rating: row.rating,
    comment: hidden && !scope.moderator ? null : row.comment,
    comment_hidden: hidden,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(scope.moderator ? { learner: { id: row.userId, name: `${row.firstname} ${row.lastname}`, email: row.email } } : {}),
  };
}

function selectAnswers(db: Db, where: SQL | undefined) {
  return db
    .select(answerColumns)
    .from(satisfactionAnswers)
    .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
    .innerJoin(users, eq(users.id, satisfactionAnswers.userId))
    .where(where)
    .orderBy(desc(satisfactionAnswers.createdAt), desc(satisfactionAnswers.id));
}

/** The courses in scope that have answers, with every answer counted (hidden comments too). */
async function courseSummaries(db: Db, scope: AnswersScope): Promise<SatisfactionCourseSummary[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      count: sql<number>`cast(count(*) as integer)`,
      average: sql<string>`round(avg(${satisfactionAnswers.rating}), 1)`,
    })
    .from(satisfactionAnswers)
    .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
    .where(scope.authorId !== undefined ? eq(courses.authorId, scope.authorId) : undefined)
    .groupBy(courses.id, courses.title)
    .orderBy(asc(courses.title), asc(courses.id));
  return rows.map((r) => ({ id: r.id, title: r.title, count: r.count, average: Number(r.average) }));
}

/** `GET /api/formateur/satisfaction` and `GET /api/admin/satisfaction`: newest first, a page at a time. */
export async function listAnswers(db: Db, scope: AnswersScope, query: SatisfactionListQuery): Promise<SatisfactionAnswersPage> {
  const where = and(...(await scopeConditions(db, scope, query.course)));
  const [counted] = await db
    .select({ n: count() })
    .from(satisfactionAnswers)
    .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
    .where(where);
  const rows = await selectAnswers(db, where)
    .limit(SATISFACTION_PAGE_SIZE)
    .offset((query.page - 1) * SATISFACTION_PAGE_SIZE);
  return {
    answers: rows.map((row) => toAnswer(row, scope)),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: SATISFACTION_PAGE_SIZE,
    courses: await courseSummaries(db, scope),
  };
}

/** What a trainer's export says in place of a hidden comment (an empty cell would read as "no comment"). */
export const HIDDEN_COMMENT_CELL = "Commentaire masqué par l'administration";

/** The CSV export of a list (all pages): French headers, learner columns and hidden texts for moderators only. */
export async function exportAnswers(db: Db, scope: AnswersScope, courseId: number | undefined, now = new Date()): Promise<{ csv: string; fileName: string }> {
  const rows = await selectAnswers(db, and(...(await scopeConditions(db, scope, courseId))));
  const header = scope.moderator
    ? ['Formation', 'Apprenant', 'Adresse e-mail', 'Note (sur 5)', 'Commentaire', 'Commentaire masqué', 'Répondu le', 'Modifié le']
    : ['Formation', 'Note (sur 5)', 'Commentaire', 'Répondu le', 'Modifié le'];
  const lines = rows.map((row) => {
    const hidden = row.commentHiddenAt !== null;
    const dates = [csvDateTime(row.createdAt), csvDateTime(row.updatedAt)];
    return scope.moderator
      ? [row.courseTitle, `${row.firstname} ${row.lastname}`, row.email, row.rating, row.comment, hidden ? 'oui' : 'non', ...dates]
      : [row.courseTitle, row.rating, hidden ? HIDDEN_COMMENT_CELL : row.comment, ...dates];
  });
  const day = now.toISOString().slice(0, 10);
  return { csv: toCsv(header, lines), fileName: courseId === undefined ? `avis-satisfaction-${day}.csv` : `avis-satisfaction-cours-${courseId}-${day}.csv` };
}

/**
 * `PUT /api/admin/satisfaction/:id/comment`: an administrator hides an abusive comment or shows it
 * again, recorded in the learner's history. Asking for the current state changes nothing and
 * records nothing. The rating counts either way.
 */
export async function setCommentHidden(db: Db, id: number, actor: Actor, hidden: boolean): Promise<SatisfactionAnswer> {
  const scope: AnswersScope = { moderator: true };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(satisfactionAnswers).where(eq(satisfactionAnswers.id, id)).for('update');
    if (!row) throw AppError.notFound(satisfactionMessages.answerNotFound);
    if (hidden && row.comment === null) throw AppError.invalidTransition(satisfactionMessages.noComment);
    if ((row.commentHiddenAt !== null) !== hidden) {
      await tx
        .update(satisfactionAnswers)
        .set(hidden ? { commentHiddenAt: new Date(), commentHiddenById: actor.id } : { commentHiddenAt: null, commentHiddenById: null })
        .where(eq(satisfactionAnswers.id, id));
      const [learner] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
      const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, row.courseId)).limit(1);
      await recordAudit(tx, {
        actor,
        target: learner!,
        action: hidden ? 'satisfaction_comment_hide' : 'satisfaction_comment_show',
        // The text as it was: the learner may change it afterwards.
        details: { course_title: course?.title ?? '', rating: row.rating, comment: row.comment },
      });
    }
    const [listed] = await tx
      .select(answerColumns)
      .from(satisfactionAnswers)
      .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
      .innerJoin(users, eq(users.id, satisfactionAnswers.userId))
      .where(eq(satisfactionAnswers.id, id));
    return toAnswer(listed!, scope);
  });
}
