import { asc, eq, inArray } from 'drizzle-orm';
import { moderationDecisions, reports } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { moderationRoutes } from './moderation.routes';

export { moderationTargets } from './moderation.service';

/**
 * Moderation (DSA notice and action, issue 26). The reportable content belongs to other modules,
 * reached through their manifests' `moderationTargets` (ModuleDeps.modules), never imported.
 * Reports and decisions outlive the accounts involved as anonymised evidence (the names become
 * null); the reported excerpt stays, as the decision's proof.
 */
export const moderationModule: ModuleManifest = {
  name: 'moderation',
  routes: [moderationRoutes],
  personalData: [
    { column: reports.reporterId, exportedAs: 'reports', onAccountDeletion: 'set null' },
    {
      column: reports.authorId,
      exportedAs: { notExported: "les signalements visant les contenus de la personne : ils sont l'œuvre des signalants ; les décisions qui en résultent sont exportées (moderation_decisions)" },
      onAccountDeletion: 'set null',
    },
    { column: moderationDecisions.authorId, exportedAs: 'moderation_decisions', onAccountDeletion: 'set null' },
    { column: moderationDecisions.decidedById, exportedAs: { notExported: "l'administrateur qui a pris une décision sur le contenu d'une autre personne" }, onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    const sent = await db.select().from(reports).where(eq(reports.reporterId, user.id)).orderBy(asc(reports.createdAt), asc(reports.id));
    const decided = await db.select().from(moderationDecisions).where(eq(moderationDecisions.authorId, user.id)).orderBy(asc(moderationDecisions.createdAt), asc(moderationDecisions.id));
    const closingIds = [...new Set(sent.map((r) => r.decisionId).filter((id): id is number => id !== null))];
    const closing = closingIds.length === 0 ? [] : await db.select().from(moderationDecisions).where(inArray(moderationDecisions.id, closingIds));
    const decisionOf = new Map(closing.map((d) => [d.id, { action: d.action, reason: d.reason, decided_at: iso(d.createdAt) }]));
    return {
      reports: sent.map((r) => ({
        kind: r.kind,
        target_type: r.targetType,
        target_id: r.targetId,
        reason: r.reason,
        explanation: r.explanation,
        excerpt: r.excerpt,
        status: r.status,
        created_at: iso(r.createdAt),
        decision: r.decisionId === null ? null : (decisionOf.get(r.decisionId) ?? null),
      })),
      moderation_decisions: decided.map((d) => {
        const contest = sent.find((r) => r.contestsDecisionId === d.id);
        return {
          target_type: d.targetType,
          target_id: d.targetId,
          excerpt: d.excerpt,
          action: d.action,
          reason: d.reason,
          decided_at: iso(d.createdAt),
          answers_contest_of_decision: d.reviewsDecisionId !== null,
          contest: contest ? { explanation: contest.explanation, contested_at: iso(contest.createdAt) } : null,
        };
      }),
    };
  },
};
