import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  moderationMessages,
  REPORT_EXCERPT_MAX,
  REPORTS_PAGE_SIZE,
  REPORTS_PER_DAY,
  reportTargetLabels,
  type AdminReportsPage,
  type DecisionBody,
  type DecisionSummary,
  type ModerationDecision,
  type ReportBody,
  type ReportCreated,
  type ReportsQuery,
  type ReportTargetType,
  type ContestBody,
} from '../../../shared/moderation';
import type { Db, Executor } from '../../db/client';
import { auditLog, moderationDecisions, reports, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ModerationTarget, ModuleManifest } from '../../lib/module-manifest';
import type { AuthUser } from '../../lib/sessions';
import { notify, notifyAdmins } from '../notifications';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every reportable type the registered modules serve. The platform's modules serve each type once
 * (manifests.test.ts); a module added after them (a test's fake, `extraModules`) takes the type over.
 */
export function moderationTargets(modules: readonly ModuleManifest[]): Map<ReportTargetType, ModerationTarget> {
  const targets = new Map<ReportTargetType, ModerationTarget>();
  for (const module of modules) {
    for (const [type, target] of Object.entries(module.moderationTargets ?? {}) as [ReportTargetType, ModerationTarget | undefined][]) {
      if (target) targets.set(type, target);
    }
  }
  return targets;
}

/** The excerpt kept with a report: whitespace folded, cut to REPORT_EXCERPT_MAX characters. */
export function excerptOf(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > REPORT_EXCERPT_MAX ? `${folded.slice(0, REPORT_EXCERPT_MAX - 1)}…` : folded;
}

/** `POST /api/reports`: a signed-in person reports content they can see and did not write. */
export async function createReport(db: Db, modules: readonly ModuleManifest[], reporter: AuthUser, body: ReportBody & { target_id: number }): Promise<ReportCreated> {
  const target = moderationTargets(modules).get(body.target_type);
  const subject = target ? await target.describe(db, body.target_id, reporter.id) : null;
  if (!subject) throw AppError.notFound(moderationMessages.targetNotFound);
  if (subject.authorId === reporter.id) throw new AppError('own_content', 422, moderationMessages.ownContent);
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, 'report'), eq(reports.status, 'open'), eq(reports.reporterId, reporter.id), eq(reports.targetType, body.target_type), eq(reports.targetId, body.target_id)))
    .limit(1);
  if (open) throw new AppError('already_reported', 409, moderationMessages.alreadyReported);
  const [sent] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.kind, 'report'), eq(reports.reporterId, reporter.id), gte(reports.createdAt, new Date(Date.now() - DAY_MS))));
  if ((sent?.n ?? 0) >= REPORTS_PER_DAY) throw new AppError('too_many_reports', 429, moderationMessages.tooManyReports);
  try {
    return await db.transaction(async (tx) => {
      // Administrators hear of content once, when nothing was open on it, not of every further report.
      const [already] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.status, 'open'), eq(reports.targetType, body.target_type), eq(reports.targetId, body.target_id)))
        .limit(1);
      const [row] = await tx
        .insert(reports)
        .values({
          kind: 'report',
          targetType: body.target_type,
          targetId: body.target_id,
          reporterId: reporter.id,
          authorId: subject.authorId,
          reason: body.reason,
          explanation: body.explanation.trim(),
          excerpt: excerptOf(subject.excerpt),
          link: subject.link,
        })
        .returning({ id: reports.id });
      const excerpt = excerptOf(subject.excerpt);
      if (!already) await notifyAdmins(tx, 'moderation_queue', { kind: 'report', targetLabel: reportTargetLabels[body.target_type], excerpt });
      return { id: row!.id, message: moderationMessages.reported };
    });
  } catch (error) {
    // Two identical reports at once: the partial unique index keeps one.
    if (isUniqueViolation(error)) throw new AppError('already_reported', 409, moderationMessages.alreadyReported);
    throw error;
  }
}

const fullName = (user: { firstname: string | null; lastname: string | null }) => (user.firstname === null ? null : `${user.firstname} ${user.lastname}`);

type DecisionRow = typeof moderationDecisions.$inferSelect;

async function summaries(db: Executor, ids: number[]): Promise<Map<number, DecisionSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ decision: moderationDecisions, firstname: users.firstname, lastname: users.lastname })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.decidedById))
    .where(inArray(moderationDecisions.id, ids));
  return new Map(rows.map((r) => [r.decision.id, summaryOf(r.decision, fullName(r))]));
}

function summaryOf(decision: DecisionRow, decidedBy: string | null): DecisionSummary {
  return { id: decision.id, action: decision.action, reason: decision.reason, decided_at: decision.createdAt.toISOString(), decided_by: decidedBy };
}

/** `GET /api/admin/reports`: the open queue oldest first (reports and contests), or the closed ones newest first. */
export async function listReports(db: Db, query: ReportsQuery): Promise<AdminReportsPage> {
  const reporter = alias(users, 'reporter');
  const author = alias(users, 'author');
  const where = eq(reports.status, query.status);
  const [counted] = await db.select({ n: count() }).from(reports).where(where);
  const openOnTarget = sql<number>`(select count(*)::int from ${reports} as same where same.target_type = ${reports.targetType} and same.target_id = ${reports.targetId} and same.status = 'open')`;
  const rows = await db
    .select({
      report: reports,
      reporterFirstname: reporter.firstname,
      reporterLastname: reporter.lastname,
      authorFirstname: author.firstname,
      authorLastname: author.lastname,
      openOnTarget,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(author, eq(author.id, reports.authorId))
    .where(where)
    .orderBy(query.status === 'open' ? asc(reports.createdAt) : desc(reports.createdAt), query.status === 'open' ? asc(reports.id) : desc(reports.id))
    .limit(REPORTS_PAGE_SIZE)
    .offset((query.page - 1) * REPORTS_PAGE_SIZE);
  const decisionIds = rows.flatMap((r) => [r.report.decisionId, r.report.contestsDecisionId]).filter((id): id is number => id !== null);
  const decisions = await summaries(db, [...new Set(decisionIds)]);
  return {
    items: rows.map(({ report, ...names }) => ({
      id: report.id,
      kind: report.kind,
      status: report.status,
      target_type: report.targetType,
      target_id: report.targetId,
      excerpt: report.excerpt,
      link: report.link,
      reason: report.reason,
      explanation: report.explanation,
      reporter_name: fullName({ firstname: names.reporterFirstname, lastname: names.reporterLastname }),
      author_name: fullName({ firstname: names.authorFirstname, lastname: names.authorLastname }),
      open_on_target: Number(names.openOnTarget),
      contested_decision: report.contestsDecisionId === null ? null : (decisions.get(report.contestsDecisionId) ?? null),
      decision: report.decisionId === null ? null : (decisions.get(report.decisionId) ?? null),
      created_at: report.createdAt.toISOString(),
    })),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: REPORTS_PAGE_SIZE,
  };
}

/**
 * `POST /api/admin/reports/{id}/decision`: in one transaction, applies the decision to the content
 * through its module, closes every open report and contest on that content, writes the audit
 * line, and tells the author and every reporter the decision and its reason (DSA art. 17).
 * On a contest: `keep` after a hiding reverses it (the content shows again), the contested action
 * upholds it; deleted content cannot come back: hiding it is refused (409), keeping it annuls the
 * decision without the content.
 */
export async function decide(db: Db, modules: readonly ModuleManifest[], actor: AuthUser, reportId: number, body: DecisionBody): Promise<ModerationDecision> {
  const decisionId = await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
    if (!report) throw AppError.notFound(moderationMessages.reportNotFound);
    if (report.status !== 'open') throw AppError.invalidTransition(moderationMessages.reportClosed);
    const contested = report.contestsDecisionId === null ? null : (await tx.select().from(moderationDecisions).where(eq(moderationDecisions.id, report.contestsDecisionId)).limit(1))[0];
    // The content's last decision: once deleted, nothing can bring it back.
    const [last] = await tx
      .select({ action: moderationDecisions.action })
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.targetType, report.targetType), eq(moderationDecisions.targetId, report.targetId)))
      .orderBy(desc(moderationDecisions.id))
      .limit(1);
    // Deleted content is gone: it can be neither shown again nor hidden; a contest can still annul the decision ("keep").
    const gone = last?.action === 'delete';
    if (gone && body.action === 'hide') throw AppError.invalidTransition(moderationMessages.deletedCannotReturn);

    const target = moderationTargets(modules).get(report.targetType);
    if (!gone && (body.action !== 'keep' || last?.action === 'hide')) {
      if (!target) throw AppError.invalidTransition(`Le module des contenus de type « ${reportTargetLabels[report.targetType]} » n’est pas installé : seule une décision de maintien est possible.`);
      if (body.action === 'hide') await target.hide(tx, report.targetId, true);
      else if (body.action === 'delete') await target.remove(tx, report.targetId);
      else await target.hide(tx, report.targetId, false);
    }
    const reason = body.reason.trim();
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        targetType: report.targetType,
        targetId: report.targetId,
        authorId: report.authorId,
        excerpt: report.excerpt,
        action: body.action,
        reason,
        decidedById: actor.id,
        reviewsDecisionId: contested?.id ?? null,
      })
      .returning();
    const closed = await tx
      .update(reports)
      .set({ status: 'closed', decisionId: decision!.id })
      .where(and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, 'open')))
      .returning({ kind: reports.kind, reporterId: reports.reporterId });

    const [author] = report.authorId === null ? [] : await tx.select().from(users).where(eq(users.id, report.authorId)).limit(1);
    const details = {
      target_type: report.targetType,
      target_id: report.targetId,
      decision_id: decision!.id,
      decision: body.action,
      reason,
      excerpt: report.excerpt,
      reports_closed: closed.length,
      ...(contested ? { contested_decision_id: contested.id, reversed: contested.action !== body.action } : {}),
    };
    const action = contested ? 'moderation_contest_answer' : 'moderation_decision';
    if (author) await recordAudit(tx, { actor, target: author, action, details });
    else await tx.insert(auditLog).values({ actorId: actor.id, targetId: null, targetLabel: 'Compte supprimé', action, details });

    const targetLabel = reportTargetLabels[report.targetType];
    if (author) {
      await notify(tx, {
        userId: author.id,
        kind: 'moderation_decision',
        data: {
          decisionId: decision!.id,
          targetLabel,
          excerpt: report.excerpt,
          action: body.action,
          reason,
          review: contested ? { reversed: contested.action !== body.action, deleted: gone } : null,
        },
      });
    }
    const reporterIds = [...new Set(closed.filter((r) => r.kind === 'report' && r.reporterId !== null).map((r) => r.reporterId!))];
    for (const reporterId of reporterIds) {
      await notify(tx, { userId: reporterId, kind: 'report_decision', data: { targetLabel, excerpt: report.excerpt, action: body.action, reason } });
    }
    return decision!.id;
  });
  return readDecision(db, decisionId, actor.id);
}

async function readDecision(db: Executor, id: number, viewerId: number): Promise<ModerationDecision> {
  const [row] = await db
    .select({ decision: moderationDecisions, firstname: users.firstname, lastname: users.lastname })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.decidedById))
    .where(eq(moderationDecisions.id, id))
    .limit(1);
  if (!row) throw AppError.notFound(moderationMessages.decisionNotFound);
  const { decision } = row;
  const [contest] = await db.select().from(reports).where(eq(reports.contestsDecisionId, id)).limit(1);
  const answer = contest?.decisionId ? ((await summaries(db, [contest.decisionId])).get(contest.decisionId) ?? null) : null;
  return {
    ...summaryOf(decision, fullName(row)),
    target_type: decision.targetType,
    excerpt: decision.excerpt,
    reviews_decision_id: decision.reviewsDecisionId,
    contest: contest ? { explanation: contest.explanation, contested_at: contest.createdAt.toISOString(), answer } : null,
    contestable: decision.authorId === viewerId && contestRefusal(decision, contest !== undefined) === null,
  };
}

/** Why the author may not contest this decision, or null when they may. */
function contestRefusal(decision: DecisionRow, contested: boolean): AppError | null {
  if (decision.action === 'keep') return AppError.invalidTransition(moderationMessages.notContestable);
  // A decision answering a contest closes the matter: the contest was the one allowed.
  if (contested || decision.reviewsDecisionId !== null) return new AppError('already_contested', 409, moderationMessages.alreadyContested);
  return null;
}

/** `GET /api/moderation/decisions/{id}`: its author or an administrator. */
export async function getDecision(db: Db, viewer: AuthUser, id: number): Promise<ModerationDecision> {
  const [decision] = await db.select({ authorId: moderationDecisions.authorId }).from(moderationDecisions).where(eq(moderationDecisions.id, id)).limit(1);
  if (!decision) throw AppError.notFound(moderationMessages.decisionNotFound);
  if (decision.authorId !== viewer.id && viewer.role !== 'admin') throw AppError.forbidden(moderationMessages.notAuthor);
  return readDecision(db, id, viewer.id);
}

/** `POST /api/moderation/decisions/{id}/contest`: the author, once, for a hiding or a deletion: back to the administrators' queue. */
export async function contestDecision(db: Db, author: AuthUser, id: number, body: ContestBody): Promise<ReportCreated> {
  const [decision] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, id)).limit(1);
  if (!decision) throw AppError.notFound(moderationMessages.decisionNotFound);
  if (decision.authorId !== author.id) throw AppError.forbidden(moderationMessages.notAuthor);
  const [existing] = await db.select({ id: reports.id }).from(reports).where(eq(reports.contestsDecisionId, id)).limit(1);
  const refusal = contestRefusal(decision, existing !== undefined);
  if (refusal) throw refusal;
  const [link] = await db
    .select({ link: reports.link })
    .from(reports)
    .where(and(eq(reports.decisionId, id), isNotNull(reports.link)))
    .limit(1);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reports)
        .values({
          kind: 'contest',
          targetType: decision.targetType,
          targetId: decision.targetId,
          reporterId: author.id,
          authorId: author.id,
          reason: null,
          explanation: body.explanation.trim(),
          excerpt: decision.excerpt,
          link: link?.link ?? null,
          contestsDecisionId: id,
        })
        .returning({ id: reports.id });
      await notifyAdmins(tx, 'moderation_queue', { kind: 'contest', targetLabel: reportTargetLabels[decision.targetType], excerpt: decision.excerpt });
      return { id: row!.id, message: moderationMessages.contested };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already_contested', 409, moderationMessages.alreadyContested);
    throw error;
  }
}
