import { z } from 'zod';
import { formatNumber } from './french-format';
import { bodyIdSchema } from './ids';
import { pageInfoShape, pagingParams } from './paging';

/**
 * Moderation (DSA notice and action, issue 26): anyone signed in reports a message, a discussion
 * thread or reply, a directory profile or an opportunity; administrators decide (keep, hide,
 * delete, with a reason); author and reporters are told the decision and its reason (statement
 * of reasons, DSA art. 17); the author may contest a hide or a deletion once.
 */

/** What can be reported. Each type is served by the module that owns it (`ModuleManifest.moderationTargets`). */
export const reportTargetTypes = ['message', 'thread', 'reply', 'profile', 'opportunity'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

export const reportTargetLabels: Record<ReportTargetType, string> = {
  message: 'Message',
  thread: 'Sujet de discussion',
  reply: 'Réponse à une discussion',
  profile: 'Profil de l’annuaire',
  opportunity: 'Opportunité',
};

/** The mark on hidden content, shown to its author and to administrators only (decision 043). */
export const HIDDEN_BY_MODERATION = 'Masqué par la modération';
/** What replaces a removed message, reply or thread that stays as evidence of the exchange (decision 043). */
export const REMOVED_BY_MODERATION = 'Contenu supprimé par la modération';

/** What a moderation decision made of a content, as its readers receive it (absent: nothing). */
export const moderationStateSchema = z.enum(['hidden', 'removed']);
export type ModerationState = z.infer<typeof moderationStateSchema>;

/** Why a person reports content: a fixed list, each with its French label. */
export const reportReasons = ['illegal_content', 'harassment', 'hate_speech', 'spam', 'personal_data', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  illegal_content: 'Contenu illicite',
  harassment: 'Harcèlement',
  hate_speech: 'Discours haineux',
  spam: 'Spam ou arnaque',
  personal_data: 'Informations personnelles divulguées',
  other: 'Autre motif',
};

/** What an administrator decides about reported content. */
export const moderationActions = ['keep', 'hide', 'delete'] as const;
export type ModerationAction = (typeof moderationActions)[number];

export const moderationActionLabels: Record<ModerationAction, string> = {
  keep: 'Contenu maintenu',
  hide: 'Contenu masqué',
  delete: 'Contenu supprimé',
};

/** A report is open until a decision closes it; a contest is the author's request to review a decision. */
export const reportKinds = ['report', 'contest'] as const;
export type ReportKind = (typeof reportKinds)[number];
export const reportStatuses = ['open', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_EXPLANATION_MAX = 2000;
export const DECISION_REASON_MAX = 2000;
/** Reports one person may send in 24 hours (429 beyond). */
export const REPORTS_PER_DAY = 20;
/** The excerpt of the reported content kept with the report, in characters. */
export const REPORT_EXCERPT_MAX = 500;
export const REPORTS_PAGE_SIZE = 20;

export const moderationMessages = {
  targetNotFound: 'Ce contenu est introuvable ou vous n’y avez pas accès.',
  alreadyReported: 'Vous avez déjà signalé ce contenu : votre signalement est en cours d’examen.',
  ownContent: 'Vous ne pouvez pas signaler votre propre contenu.',
  tooManyReports: `Vous avez envoyé ${REPORTS_PER_DAY} signalements en 24 heures : réessayez demain.`,
  reportNotFound: 'Signalement introuvable.',
  reportClosed: 'Ce signalement a déjà été traité.',
  decisionNotFound: 'Décision introuvable.',
  notAuthor: 'Seul l’auteur du contenu peut contester cette décision.',
  notContestable: 'Une décision de maintien ne se conteste pas.',
  alreadyContested: 'Vous avez déjà contesté cette décision : une décision ne se conteste qu’une fois.',
  deletedCannotReturn: 'Ce contenu a été supprimé : il ne peut être ni rétabli ni masqué. Confirmez la suppression, ou maintenez pour annuler la décision sans rétablir le contenu.',
  reported: 'Merci, votre signalement est enregistré. Notre équipe l’examine et vous informera de sa décision.',
  contested: 'Votre contestation est enregistrée : un administrateur réexaminera la décision.',
} as const;

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
