// What a screen shows of moderation without its schemas (decision 066): a module goes whole into one
// chunk, so a page marking a hidden message must not import the module the report dialog validates with.

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
export const moderationStates = ['hidden', 'removed'] as const;
export type ModerationState = (typeof moderationStates)[number];

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
