import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/french-format';
import {
  COMPLAINTS_PER_HOUR,
  complaintStatusLabels,
  improvementStatusLabels,
  qualityMessages,
  surveyQuestions,
  type Complaint,
  type ComplaintPage,
  type ComplaintsQuery,
  type Improvement,
  type ImprovementPage,
  type ImprovementSource,
  type MonthlyFigures,
  type SurveyAnswer,
  type SurveyAnswerPage,
  type SurveyState,
} from '../../../shared/quality';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import {
  coldSurveyAnswers,
  complaints,
  courses,
  enrolments,
  improvementActions,
  improvementSources,
  satisfactionAnswers,
  users,
  type ComplaintRow,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { csvDateTime, toCsv } from '../../lib/csv';
import { queueMail } from '../../lib/mail/outbox';
import { countHit, rateKeys } from '../../lib/rate-limits';
import type { AuthUser } from '../../lib/sessions';
import { notifyAdmins } from '../notifications';
import type { complaintBodySchema, complaintUpdateBodySchema, improvementBodySchema, surveyBodySchema } from '../../../shared/quality';

type ComplaintValues = z.output<typeof complaintBodySchema>;
type ComplaintUpdate = z.output<typeof complaintUpdateBodySchema>;
type SurveyValues = z.output<typeof surveyBodySchema>;
type ImprovementValues = z.output<typeof improvementBodySchema>;

const HOUR_SECONDS = 60 * 60;

// ——— Complaints (indicator 31) ———

/**
 * Files a complaint: a visitor gives the address the answer goes to, a signed-in person's account
 * address is used. Rate-limited: a visitor per IP, a signed-in person per account. The acknowledgement is queued and administrators are told,
 * in the complaint's transaction.
 */
export async function fileComplaint(db: Db, user: AuthUser | null, body: ComplaintValues, ip: string): Promise<{ id: number; received_at: string; message: string }> {
  const email = user ? user.email : body.email;
  if (!email) throw AppError.validation({ email: [qualityMessages.emailRequiredForVisitor] }, qualityMessages.emailRequiredForVisitor);
  if (body.course_id) {
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, body.course_id)).limit(1);
    if (!course) throw AppError.validation({ course_id: [qualityMessages.unknownCourse] }, qualityMessages.unknownCourse);
  }
  if ((await countHit(db, user ? rateKeys.complaintUser(user.id) : rateKeys.complaintAddress(ip), HOUR_SECONDS)) > COMPLAINTS_PER_HOUR) {
    throw new AppError('too_many_attempts', 429, qualityMessages.tooManyComplaints);
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(complaints)
      .values({ userId: user?.id ?? null, email, subject: body.subject, description: body.description, courseId: body.course_id ?? null })
      .returning();
    await queueMail(tx, { to: email, template: 'complaint-received', data: { complaintId: created!.id, subject: created!.subject, receivedAt: formatDateTime(created!.receivedAt) } });
    await notifyAdmins(tx, 'complaint_received', { complaintId: created!.id, subject: created!.subject });
    return created!;
  });
  return { id: row.id, received_at: row.receivedAt.toISOString(), message: qualityMessages.complaintReceived };
}

async function actionsBySource(db: Executor, column: typeof improvementSources.complaintId | typeof improvementSources.surveyAnswerId, ids: number[]) {
  const map = new Map<number, Complaint['actions']>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ sourceId: column, id: improvementActions.id, title: improvementActions.title, status: improvementActions.status, due: improvementActions.due })
    .from(improvementSources)
    .innerJoin(improvementActions, eq(improvementActions.id, improvementSources.actionId))
    .where(inArray(column, ids))
    .orderBy(asc(improvementActions.id));
  for (const row of rows) {
    const list = map.get(row.sourceId!) ?? [];
    list.push({ id: row.id, title: row.title, status: row.status, due: row.due });
    map.set(row.sourceId!, list);
  }
  return map;
}

function complaintView(row: ComplaintRow & { courseTitle: string | null }, actions: Complaint['actions']): Complaint {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    email: row.email,
    user_id: row.userId,
    course_id: row.courseId,
    course_title: row.courseTitle,
    status: row.status,
    answer: row.answer,
    received_at: row.receivedAt.toISOString(),
    taken_at: row.takenAt?.toISOString() ?? null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    actions,
  };
}

const complaintColumns = { complaint: complaints, courseTitle: courses.title };

export async function listComplaints(db: Db, query: ComplaintsQuery): Promise<ComplaintPage> {
  const where = query.status ? eq(complaints.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(complaintColumns)
      .from(complaints)
      .leftJoin(courses, eq(courses.id, complaints.courseId))
      .where(where)
      .orderBy(desc(complaints.receivedAt), desc(complaints.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(complaints).where(where),
  ]);
  const actions = await actionsBySource(db, improvementSources.complaintId, rows.map((r) => r.complaint.id));
  return {
    items: rows.map((r) => complaintView({ ...r.complaint, courseTitle: r.courseTitle }, actions.get(r.complaint.id) ?? [])),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getComplaint(db: Executor, id: number): Promise<Complaint> {
  const [row] = await db.select(complaintColumns).from(complaints).leftJoin(courses, eq(courses.id, complaints.courseId)).where(eq(complaints.id, id)).limit(1);
  if (!row) throw AppError.notFound(qualityMessages.complaintNotFound);
  const actions = await actionsBySource(db, improvementSources.complaintId, [id]);
  return complaintView({ ...row.complaint, courseTitle: row.courseTitle }, actions.get(id) ?? []);
}

/**
 * Moves a complaint forward: new → in progress (taken) → resolved (answered, the answer mailed).
 * Resolving needs the answer; a resolved complaint never changes again, nor does a taken one
 * become new.
 */
export async function updateComplaint(db: Db, id: number, body: ComplaintUpdate, now = new Date()): Promise<Complaint> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!row) throw AppError.notFound(qualityMessages.complaintNotFound);
    if (row.status === 'resolved') throw new AppError('invalid_transition', 409, qualityMessages.alreadyResolved);
    if (body.status === 'new' && row.status !== 'new') throw new AppError('invalid_transition', 409, qualityMessages.noGoingBack);
    const answer = body.answer ?? null;
    if (body.status === 'resolved' && !answer) throw AppError.validation({ answer: [qualityMessages.answerRequired] }, qualityMessages.answerRequired);
    const takenAt = body.status === 'new' ? null : (row.takenAt ?? now);
    await tx
      .update(complaints)
      .set({ status: body.status, answer: answer ?? row.answer, takenAt, resolvedAt: body.status === 'resolved' ? now : null })
      .where(eq(complaints.id, id));
    if (body.status === 'resolved') {
      await queueMail(tx, { to: row.email, template: 'complaint-answered', data: { complaintId: row.id, subject: row.subject, answer: answer! } });
    }
    return getComplaint(tx, id);
  });
}

export async function complaintsCsv(db: Db): Promise<string> {
  const rows = await db.select(complaintColumns).from(complaints).leftJoin(courses, eq(courses.id, complaints.courseId)).orderBy(asc(complaints.receivedAt), asc(complaints.id));
  const actions = await actionsBySource(db, improvementSources.complaintId, rows.map((r) => r.complaint.id));
  return toCsv(
    ['N°', 'Reçue le', 'Objet', 'Description', 'Formation', 'Adresse e-mail', 'Statut', 'Prise en charge le', 'Résolue le', 'Réponse', 'Actions d’amélioration'],
    rows.map(({ complaint: c, courseTitle }) => [
      c.id,
      csvDateTime(c.receivedAt),
      c.subject,
      c.description,
      courseTitle,
      c.email,
      complaintStatusLabels[c.status],
      c.takenAt ? csvDateTime(c.takenAt) : null,
      c.resolvedAt ? csvDateTime(c.resolvedAt) : null,
      c.answer,
      (actions.get(c.id) ?? []).map((a) => `n° ${a.id} ${a.title}`).join(' | '),
    ]),
  );
}

// ——— Cold survey (indicator 30) ———

async function surveyEnrolment(db: Executor, user: AuthUser, enrolmentId: number) {
  const [row] = await db
    .select({ id: enrolments.id, userId: enrolments.userId, courseId: enrolments.courseId, completedAt: enrolments.completedAt, title: courses.title })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.id, enrolmentId))
    .limit(1);
  if (!row) throw AppError.notFound(qualityMessages.surveyNotFound);
  if (row.userId !== user.id) throw AppError.forbidden(qualityMessages.surveyNotYours);
  if (!row.completedAt) throw new AppError('invalid_transition', 409, qualityMessages.surveyNotCompleted);
  return { ...row, completedAt: row.completedAt };
}

export async function surveyState(db: Db, user: AuthUser, enrolmentId: number): Promise<SurveyState> {
  const enrolment = await surveyEnrolment(db, user, enrolmentId);
  const [answer] = await db
    .select({ createdAt: coldSurveyAnswers.createdAt })
    .from(coldSurveyAnswers)
    .where(and(eq(coldSurveyAnswers.userId, user.id), eq(coldSurveyAnswers.courseId, enrolment.courseId)))
    .limit(1);
  return { enrolment_id: enrolment.id, course_title: enrolment.title, completed_at: enrolment.completedAt.toISOString(), answered_at: answer?.createdAt.toISOString() ?? null };
}

/** The learner's one answer to the cold survey of a completed course; a second one is refused (409), the unique index deciding between concurrent ones. */
export async function answerSurvey(db: Db, user: AuthUser, enrolmentId: number, body: SurveyValues): Promise<SurveyState> {
  const enrolment = await surveyEnrolment(db, user, enrolmentId);
  const inserted = await db
    .insert(coldSurveyAnswers)
    .values({ userId: user.id, courseId: enrolment.courseId, practice: body.practice, effect: body.effect, rating: body.rating })
    .onConflictDoNothing()
    .returning({ createdAt: coldSurveyAnswers.createdAt });
  if (inserted.length === 0) throw new AppError('already_answered', 409, qualityMessages.surveyAlreadyAnswered);
  return { enrolment_id: enrolment.id, course_title: enrolment.title, completed_at: enrolment.completedAt.toISOString(), answered_at: inserted[0]!.createdAt.toISOString() };
}

const surveyColumns = {
  answer: coldSurveyAnswers,
  courseTitle: courses.title,
  learner: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
};

export async function listSurveyAnswers(db: Db, query: { page: number; pageSize: number }): Promise<SurveyAnswerPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select(surveyColumns)
      .from(coldSurveyAnswers)
      .innerJoin(courses, eq(courses.id, coldSurveyAnswers.courseId))
      .innerJoin(users, eq(users.id, coldSurveyAnswers.userId))
      .orderBy(desc(coldSurveyAnswers.createdAt), desc(coldSurveyAnswers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(coldSurveyAnswers),
  ]);
  const actions = await actionsBySource(db, improvementSources.surveyAnswerId, rows.map((r) => r.answer.id));
  const items: SurveyAnswer[] = rows.map((r) => ({
    id: r.answer.id,
    course_id: r.answer.courseId,
    course_title: r.courseTitle,
    learner: r.learner,
    practice: r.answer.practice,
    effect: r.answer.effect,
    rating: r.answer.rating,
    created_at: r.answer.createdAt.toISOString(),
    actions: actions.get(r.answer.id) ?? [],
  }));
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function surveysCsv(db: Db): Promise<string> {
  const rows = await db
    .select(surveyColumns)
    .from(coldSurveyAnswers)
    .innerJoin(courses, eq(courses.id, coldSurveyAnswers.courseId))
    .innerJoin(users, eq(users.id, coldSurveyAnswers.userId))
    .orderBy(asc(coldSurveyAnswers.createdAt), asc(coldSurveyAnswers.id));
  return toCsv(
    ['N°', 'Répondu le', 'Formation', 'Apprenant', surveyQuestions.practice, surveyQuestions.effect, 'Note (1 à 5)'],
    rows.map((r) => [r.answer.id, csvDateTime(r.answer.createdAt), r.courseTitle, r.learner, r.answer.practice, r.answer.effect, r.answer.rating]),
  );
}

// ——— Improvement actions (indicator 32) ———

async function checkSources(tx: Executor, sources: ImprovementSource[]): Promise<ImprovementSource[]> {
  const unique = [...new Map(sources.map((s) => [`${s.type}:${s.id}`, s])).values()];
  const complaintIds = unique.filter((s) => s.type === 'complaint').map((s) => s.id);
  const surveyIds = unique.filter((s) => s.type === 'survey').map((s) => s.id);
  const [foundComplaints, foundSurveys] = await Promise.all([
    complaintIds.length ? tx.select({ id: complaints.id }).from(complaints).where(inArray(complaints.id, complaintIds)) : [],
    surveyIds.length ? tx.select({ id: coldSurveyAnswers.id }).from(coldSurveyAnswers).where(inArray(coldSurveyAnswers.id, surveyIds)) : [],
  ]);
  if (foundComplaints.length !== complaintIds.length || foundSurveys.length !== surveyIds.length) {
    throw AppError.validation({ source_ids: [qualityMessages.sourceNotFound] }, qualityMessages.sourceNotFound);
  }
  return unique;
}

async function writeSources(tx: Executor, actionId: number, sources: ImprovementSource[]) {
  await tx.delete(improvementSources).where(eq(improvementSources.actionId, actionId));
  await tx.insert(improvementSources).values(
    sources.map((s) => ({ actionId, complaintId: s.type === 'complaint' ? s.id : null, surveyAnswerId: s.type === 'survey' ? s.id : null })),
  );
}

async function improvementViews(db: Executor, rows: (typeof improvementActions.$inferSelect)[]): Promise<Improvement[]> {
  if (rows.length === 0) return [];
  const sources = await db
    .select({
      actionId: improvementSources.actionId,
      complaintId: improvementSources.complaintId,
      complaintSubject: complaints.subject,
      surveyAnswerId: improvementSources.surveyAnswerId,
      surveyCourse: courses.title,
    })
    .from(improvementSources)
    .leftJoin(complaints, eq(complaints.id, improvementSources.complaintId))
    .leftJoin(coldSurveyAnswers, eq(coldSurveyAnswers.id, improvementSources.surveyAnswerId))
    .leftJoin(courses, eq(courses.id, coldSurveyAnswers.courseId))
    .where(inArray(improvementSources.actionId, rows.map((r) => r.id)))
    .orderBy(asc(improvementSources.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    owner: r.owner,
    due: r.due,
    status: r.status,
    source_ids: sources
      .filter((s) => s.actionId === r.id)
      .map((s) =>
        s.complaintId !== null
          ? { type: 'complaint' as const, id: s.complaintId, label: `Réclamation n° ${s.complaintId} : ${s.complaintSubject ?? ''}` }
          : { type: 'survey' as const, id: s.surveyAnswerId!, label: `Enquête n° ${s.surveyAnswerId} : ${s.surveyCourse ?? ''}` },
      ),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function getImprovement(db: Executor, id: number): Promise<Improvement> {
  const rows = await db.select().from(improvementActions).where(eq(improvementActions.id, id)).limit(1);
  if (rows.length === 0) throw AppError.notFound(qualityMessages.improvementNotFound);
  return (await improvementViews(db, rows))[0]!;
}

export async function createImprovement(db: Db, body: ImprovementValues): Promise<Improvement> {
  return db.transaction(async (tx) => {
    const sources = await checkSources(tx, body.source_ids);
    const [row] = await tx.insert(improvementActions).values({ title: body.title, owner: body.owner, due: body.due, status: body.status }).returning();
    await writeSources(tx, row!.id, sources);
    return getImprovement(tx, row!.id);
  });
}

export async function updateImprovement(db: Db, id: number, body: ImprovementValues): Promise<Improvement> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: improvementActions.id }).from(improvementActions).where(eq(improvementActions.id, id)).for('update');
    if (!row) throw AppError.notFound(qualityMessages.improvementNotFound);
    const sources = await checkSources(tx, body.source_ids);
    await tx.update(improvementActions).set({ title: body.title, owner: body.owner, due: body.due, status: body.status, updatedAt: new Date() }).where(eq(improvementActions.id, id));
    await writeSources(tx, id, sources);
    return getImprovement(tx, id);
  });
}

export async function listImprovements(db: Db, query: { page: number; pageSize: number }): Promise<ImprovementPage> {
  const [rows, [total]] = await Promise.all([
    db.select().from(improvementActions).orderBy(desc(improvementActions.createdAt), desc(improvementActions.id)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(improvementActions),
  ]);
  return { items: await improvementViews(db, rows), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function improvementsCsv(db: Db): Promise<string> {
  const rows = await db.select().from(improvementActions).orderBy(asc(improvementActions.createdAt), asc(improvementActions.id));
  const views = await improvementViews(db, rows);
  return toCsv(
    ['N°', 'Action', 'Responsable', 'Échéance', 'Statut', 'Sources', 'Créée le'],
    views.map((v) => [v.id, v.title, v.owner, v.due, improvementStatusLabels[v.status], v.source_ids.map((s) => s.label).join(' | '), csvDateTime(new Date(v.created_at))]),
  );
}

// ——— The platform's figures by month ———

const PARIS = 'Europe/Paris';

/** The last 12 months in Paris, oldest first, as YYYY-MM. */
export function lastTwelveMonths(now: Date): string[] {
  const [year, month] = new Intl.DateTimeFormat('fr-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** Enrolments, completions, average satisfaction and complaints by Paris month, over the last 12 months. */
export async function monthlyFigures(db: Db, now = new Date()): Promise<MonthlyFigures> {
  const months = lastTwelveMonths(now);
  const from = sql`(${`${months[0]}-01`}::timestamp at time zone ${PARIS})`;
  const month = (column: unknown) => sql<string>`to_char(${column} at time zone ${PARIS}, 'YYYY-MM')`;
  const [enrolled, completed, satisfaction, filed] = await Promise.all([
    db.select({ month: month(enrolments.createdAt), n: count() }).from(enrolments).where(sql`${enrolments.createdAt} >= ${from}`).groupBy(sql`1`),
    db
      .select({ month: month(enrolments.completedAt), n: count() })
      .from(enrolments)
      .where(and(isNotNull(enrolments.completedAt), sql`${enrolments.completedAt} >= ${from}`))
      .groupBy(sql`1`),
    db
      .select({ month: month(satisfactionAnswers.createdAt), average: sql<string>`avg(${satisfactionAnswers.rating})` })
      .from(satisfactionAnswers)
      .where(sql`${satisfactionAnswers.createdAt} >= ${from}`)
      .groupBy(sql`1`),
    db.select({ month: month(complaints.receivedAt), n: count() }).from(complaints).where(sql`${complaints.receivedAt} >= ${from}`).groupBy(sql`1`),
  ]);
  const lookup = <T extends { month: string }>(rows: T[]) => new Map(rows.map((r) => [r.month, r]));
  const [e, c, s, f] = [lookup(enrolled), lookup(completed), lookup(satisfaction), lookup(filed)];
  return {
    months: months.map((m) => ({
      month: m,
      enrolments: Number(e.get(m)?.n ?? 0),
      completions: Number(c.get(m)?.n ?? 0),
      satisfaction: s.get(m) ? Math.round(Number(s.get(m)!.average) * 10) / 10 : null,
      complaints: Number(f.get(m)?.n ?? 0),
    })),
  };
}
