import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { pageInfoShape, pagingParams } from './paging';
import { formatNumber } from './french-format';
import { DECISION_REASON_MAX, moderationActions, moderationStates, REPORT_EXPLANATION_MAX, reportKinds, reportReasons, reportStatuses, reportTargetTypes } from './moderation-rules';

export * from './moderation-rules';

/**
 * Moderation (DSA notice and action, issue 26): anyone signed in reports a message, a discussion
 * thread or reply, a directory profile or an opportunity; administrators decide (keep, hide,
 * delete, with a reason); author and reporters are told the decision and its reason (statement
 * of reasons, DSA art. 17); the author may contest a hide or a deletion once.
 */


/** What a moderation decision made of a content, as its readers receive it (absent: nothing). */
export const moderationStateSchema = z.enum(moderationStates);

const explanationField = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });

/** `POST /api/reports` */
export const reportBodySchema = z.object({
  target_type: z.enum(reportTargetTypes, { error: 'Type de contenu inconnu.' }),
  target_id: bodyIdSchema,
  reason: z.enum(reportReasons, { error: 'Choisissez le motif du signalement.' }),
  explanation: explanationField(
    'Expliquez en quelques mots ce qui pose problème.',
    REPORT_EXPLANATION_MAX,
    `L’explication ne doit pas dépasser ${formatNumber(REPORT_EXPLANATION_MAX)} caractères.`,
  ),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportCreatedSchema = z.object({ id: z.number().int(), message: z.string() });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** `GET /api/admin/reports?status=&page=` */
export const reportsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(reportStatuses, { error: 'Statut inconnu.' }).default('open')),
  page: pagingParams().page,
});
export type ReportsQuery = z.output<typeof reportsQuerySchema>;

const decisionSummaryShape = {
  id: z.number().int(),
  action: z.enum(moderationActions),
  reason: z.string(),
  decided_at: z.string(),
  /** The administrator's name; null once their account is deleted. */
  decided_by: z.string().nullable(),
};
export const decisionSummarySchema = z.object(decisionSummaryShape);
export type DecisionSummary = z.infer<typeof decisionSummarySchema>;

/** One line of the administrators' queue: a report, or an author's contest of a decision. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(reportKinds),
  status: z.enum(reportStatuses),
  target_type: z.enum(reportTargetTypes),
  target_id: z.number().int(),
  /** The reported content as it was when reported. */
  excerpt: z.string(),
  /** Where the content is seen on the platform, when its module gives one. */
  link: z.string().nullable(),
  /** Null for a contest. */
  reason: z.enum(reportReasons).nullable(),
  explanation: z.string(),
  /** Null once the account is deleted. */
  reporter_name: z.string().nullable(),
  author_name: z.string().nullable(),
  /** Open reports and contests on the same content, this one included. */
  open_on_target: z.number().int(),
  /** For a contest: the decision contested. */
  contested_decision: decisionSummarySchema.nullable(),
  /** Once closed: the decision that closed it. */
  decision: decisionSummarySchema.nullable(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsPageSchema = z.object({ items: z.array(adminReportSchema), ...pageInfoShape });
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

/** `POST /api/admin/reports/{id}/decision` */
export const decisionBodySchema = z.object({
  action: z.enum(moderationActions, { error: 'Choisissez la décision : maintenir, masquer ou supprimer.' }),
  reason: explanationField(
    'Indiquez le motif de la décision : il est communiqué à l’auteur et aux signalants.',
    DECISION_REASON_MAX,
    `Le motif ne doit pas dépasser ${formatNumber(DECISION_REASON_MAX)} caractères.`,
  ),
});
export type DecisionBody = z.input<typeof decisionBodySchema>;

/** A decision as its author (or an administrator) reads it: `GET /api/moderation/decisions/{id}`. */
export const moderationDecisionSchema = z.object({
  ...decisionSummaryShape,
  target_type: z.enum(reportTargetTypes),
  excerpt: z.string(),
  /** The decision this one answers, when it reviews a contest. */
  reviews_decision_id: z.number().int().nullable(),
  /** The author's contest, once sent. */
  contest: z
    .object({
      explanation: z.string(),
      contested_at: z.string(),
      /** The new decision, once an administrator answered. */
      answer: decisionSummarySchema.nullable(),
    })
    .nullable(),
  /** Whether the caller may contest it now. */
  contestable: z.boolean(),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** `POST /api/moderation/decisions/{id}/contest` */
export const contestBodySchema = z.object({
  explanation: explanationField(
    'Expliquez pourquoi vous contestez cette décision.',
    REPORT_EXPLANATION_MAX,
    `L’explication ne doit pas dépasser ${formatNumber(REPORT_EXPLANATION_MAX)} caractères.`,
  ),
});
export type ContestBody = z.input<typeof contestBodySchema>;
