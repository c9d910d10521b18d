import { z } from 'zod';
import type { Role } from './roles';
import { pagingParams, type PageInfo } from './paging';

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
  'course_published',
  'course_changes_requested',
  'organisation_member_left',
  'organisation_membership_ended',
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
};

/** The kinds a user of this role can receive, in the order of the settings section. */
export function notificationKindsFor(role: Role): NotificationKind[] {
  return notificationKinds.filter((kind) => notificationKindInfo[kind].roles.includes(role));
}

/** One entry of the in-app list. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A page of the platform (a path such as `/profile#entretien`), or null. */
  link: string | null;
  created_at: string;
  /** Null while unread. */
  read_at: string | null;
}

/** `GET /api/notifications`: newest first. */
export interface NotificationPage extends PageInfo {
  items: NotificationItem[];
  unread: number;
}

/** How many entries the bell's menu shows. */
export const BELL_NOTIFICATIONS_SHOWN = 5;


export const notificationsQuerySchema = z.object({
  ...pagingParams(),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** `GET /api/notifications/unread-count`: what the bell polls. */
export interface UnreadCount {
  unread: number;
}

/** One line of "Préférences e-mail". */
export interface NotificationPreference {
  kind: NotificationKind;
  label: string;
  description: string;
  /** False: the in-app notification only, no e-mail. */
  email: boolean;
}

/** `GET` and `PUT /api/user/notification-preferences`: the kinds the caller's role can receive. */
export interface NotificationPreferences {
  items: NotificationPreference[];
}

/** `PUT /api/user/notification-preferences`: the kinds to change, e-mail on (true) or off (false). */
export const notificationPreferencesBodySchema = z.object({
  email: z.partialRecord(
    z.enum(notificationKinds, { message: 'Type de notification inconnu.' }),
    z.boolean({ message: 'La préférence doit être vraie ou fausse.' }),
  ),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;

/** `POST /api/notifications/unsubscribe/{token}` (one-click, RFC 8058) and its GET page. */
export interface UnsubscribeResult {
  kind: NotificationKind;
  label: string;
  /** False when the e-mails of this kind were already off: the link changed nothing. */
  changed: boolean;
}

export const notificationMessages = {
  notFound: 'Notification introuvable.',
  preferencesSaved: 'Vos préférences e-mail sont enregistrées.',
  invalidUnsubscribeLink:
    'Ce lien de désabonnement n’est pas valable. Vous pouvez choisir les e-mails que vous recevez dans Mon profil, onglet « Paramètres ».',
} as const;
