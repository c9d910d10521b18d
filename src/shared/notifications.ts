import { z } from 'zod';
import type { Role } from './roles';
import { pagingParams, pageInfoShape } from './paging';

/**
 * What a notification is about. Each kind is written once in the user's in-app list and, unless
 * they turned its e-mails off (`notification_preferences`), e-mailed too (decision 024).
 */
export const notificationKinds = [
  'trainer_application',
  'trainer_approved',
  'trainer_refused',
  'interview',
  'enrolment_confirmed',
  'certificate_issued',
  'certificate_revoked',
  'organisation_certificate_revoked',
  'course_submitted',
  'course_published',
  'course_changes_requested',
  'organisation_member_left',
  'organisation_membership_ended',
  'organisation_seats_granted',
  'organisation_invitation',
  'discussion_reply',
  'discussion_thread',
  'opportunity_response',
  'message_received',
  'moderation_decision',
  'report_decision',
  'moderation_queue',
  'inactivity_reminder',
  'cold_survey',
  'complaint_received',
  'session_convocation',
  'instalment_invoiced',
  'card_payment_failed',
  'card_payment_failed_admin',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How the "Préférences e-mail" section names each kind, and who can receive it. */
export const notificationKindInfo: Record<NotificationKind, { label: string; description: string; roles: readonly Role[] }> = {
  trainer_application: {
    label: 'Nouvelles candidatures de formateur',
    description: 'Un formateur a envoyé son CV et attend un entretien.',
    roles: ['admin'],
  },
  trainer_approved: {
    label: 'Candidature approuvée',
    description: 'Votre compte formateur est validé par un administrateur.',
    roles: ['formateur'],
  },
  trainer_refused: {
    label: 'Candidature non retenue',
    description: 'Un administrateur a refusé votre candidature, avec son motif.',
    roles: ['formateur'],
  },
  interview: {
    label: 'Entretiens',
    description: 'Votre entretien vidéo est programmé, déplacé ou annulé (avec l’invitation pour votre agenda).',
    roles: ['membre', 'formateur', 'organisme'],
  },
  enrolment_confirmed: {
    label: 'Inscriptions aux formations',
    description: 'Votre inscription à une formation est confirmée.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  certificate_issued: {
    label: 'Attestations',
    description: 'Votre attestation de fin de formation est disponible.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  certificate_revoked: {
    label: 'Attestations révoquées',
    description: 'Un administrateur a révoqué l’une de vos attestations, avec son motif.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  organisation_certificate_revoked: {
    label: 'Attestations révoquées de vos membres',
    description: 'L’attestation d’un membre qui partage sa progression avec vous a été révoquée.',
    roles: ['organisme'],
  },
  course_submitted: {
    label: 'Cours à valider',
    description: 'Un formateur a soumis un cours pour validation.',
    roles: ['admin'],
  },
  course_published: {
    label: 'Cours publiés',
    description: 'Un administrateur a publié l’un de vos cours.',
    roles: ['formateur', 'admin'],
  },
  course_changes_requested: {
    label: 'Modifications demandées',
    description: 'Un administrateur demande des modifications sur l’un de vos cours.',
    roles: ['formateur', 'admin'],
  },
  organisation_member_left: {
    label: 'Départs de membres',
    description: 'Une personne a quitté votre organisation.',
    roles: ['organisme'],
  },
  organisation_membership_ended: {
    label: 'Fin d’adhésion à une organisation',
    description: 'Une organisation vous a retiré de ses membres.',
    roles: ['membre'],
  },
  organisation_seats_granted: {
    label: 'Places attribuées',
    description: 'L’équipe EcoForma a modifié les places de votre organisation pour un cours.',
    roles: ['organisme'],
  },
  organisation_invitation: {
    label: 'Invitations d’organisations',
    description: 'Une organisation vous invite à la rejoindre.',
    // In the bell only (the invitation has its own e-mail): no e-mail setting to offer.
    roles: [],
  },
  discussion_reply: {
    label: 'Réponses dans les discussions',
    description: 'Quelqu’un a répondu dans une discussion de cours que vous suivez ou d’un de vos cours.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  discussion_thread: {
    label: 'Nouvelles questions dans vos cours',
    description: 'Un apprenant a posé une question ou ouvert une discussion dans l’un de vos cours.',
    roles: ['formateur', 'admin'],
  },
  opportunity_response: {
    label: 'Réponses à vos opportunités',
    description: 'Une personne a candidaté à l’une de vos opportunités, ou un formateur a fait une proposition.',
    roles: ['organisme', 'admin'],
  },
  message_received: {
    label: 'Messages',
    description: 'Quelqu’un vous a écrit (une notification par conversation, tant que vous n’avez pas lu ses messages).',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  moderation_decision: {
    label: 'Décisions de modération sur vos contenus',
    description: 'Un administrateur a examiné un signalement de l’un de vos contenus : sa décision, son motif et comment la contester.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  moderation_queue: {
    label: 'Signalements à traiter',
    description: 'Un contenu est signalé pour la première fois, ou un auteur conteste une décision de modération.',
    roles: ['admin'],
  },
  session_convocation: {
    label: 'Convocations aux sessions',
    description: 'Votre convocation à une session en direct, ses changements et son annulation (avec l’invitation pour votre agenda).',
    // The convocation is the provider's duty (Qualiopi indicator 9): no e-mail setting turns it off.
    roles: [],
  },
  instalment_invoiced: {
    label: 'Échéances de vos contrats de formation',
    description: 'Une échéance de votre contrat de formation est due : sa facture, à régler par virement.',
    // A bill the learner must pay: no e-mail setting turns it off.
    roles: [],
  },
  card_payment_failed: {
    label: 'Prélèvements refusés',
    description: 'Le prélèvement par carte d’une échéance de votre contrat de formation a échoué : enregistrez une carte ou réglez par virement.',
    // A payment that did not go through: no e-mail setting turns it off.
    roles: [],
  },
  card_payment_failed_admin: {
    label: 'Prélèvements par carte refusés',
    description: 'Le prélèvement par carte d’une échéance d’un apprenant a échoué (rien n’est suspendu).',
    roles: ['admin'],
  },
  report_decision: {
    label: 'Suites de vos signalements',
    description: 'La décision prise sur un contenu que vous avez signalé, avec son motif.',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  inactivity_reminder: {
    label: 'Relances de formation',
    description: 'Vous n’avez pas avancé dans une formation depuis quelques jours (deux relances au plus).',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  cold_survey: {
    label: 'Enquêtes après formation',
    description: 'Quelques semaines après la fin d’une formation, trois questions sur ce qu’elle a changé (deux rappels au plus).',
    roles: ['membre', 'formateur', 'organisme', 'admin'],
  },
  complaint_received: {
    label: 'Réclamations',
    description: 'Une réclamation est déposée et attend sa prise en charge.',
    roles: ['admin'],
  },
};

/** The kinds a user of this role can receive, in the order of the settings section. */
export function notificationKindsFor(role: Role): NotificationKind[] {
  return notificationKinds.filter((kind) => notificationKindInfo[kind].roles.includes(role));
}

/** One entry of the in-app list. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** A page of the platform (a path such as `/profile#entretien`), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  /** Null while unread. */
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** `GET /api/notifications`: newest first. */
export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  ...pageInfoShape,
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** How many entries the bell's menu shows. */
export const BELL_NOTIFICATIONS_SHOWN = 5;


export const notificationsQuerySchema = z.object({
  ...pagingParams(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** `GET /api/notifications/unread-count`: what the bell polls. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /api/notifications/read-all`: how many were marked, and what is left unread (0). */
export const markAllReadResponseSchema = z.object({ updated: z.number().int(), unread: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

/** One line of "Préférences e-mail". */
export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  description: z.string(),
  /** False: the in-app notification only, no e-mail. */
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** `GET` and `PUT /api/user/notification-preferences`: the kinds the caller's role can receive. */
export const notificationPreferencesSchema = z.object({
  items: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/user/notification-preferences`: the kinds to change, e-mail on (true) or off (false). */
export const notificationPreferencesBodySchema = z.object({
  email: z.partialRecord(
    z.enum(notificationKinds, { message: 'Type de notification inconnu.' }),
    z.boolean({ message: 'La préférence doit être vraie ou fausse.' }),
  ),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;

/** `POST /api/notifications/unsubscribe/{token}` (one-click, RFC 8058) and its GET page. */
const unsubscribeResultShape = {
  kind: z.enum(notificationKinds),
  label: z.string(),
  /** False when the e-mails of this kind were already off: the link changed nothing. */
  changed: z.boolean(),
};
export const unsubscribeResultSchema = z.object(unsubscribeResultShape);
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** The GET of the link, as JSON: what it would stop (`changed` is always false) and whether these e-mails are on now. */
export const unsubscribeStateSchema = z.object({ ...unsubscribeResultShape, email: z.boolean() });
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

export const notificationMessages = {
  notFound: 'Notification introuvable.',
  preferencesSaved: 'Vos préférences e-mail sont enregistrées.',
  invalidUnsubscribeLink:
    'Ce lien de désabonnement n’est pas valable. Vous pouvez choisir les e-mails que vous recevez dans Mon profil, onglet « Paramètres ».',
} as const;
