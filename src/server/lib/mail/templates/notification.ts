import type { MailTemplate } from './types';

/** What `notify` (src/server/lib/notifications.ts) stores for the e-mail of a notification. */
export interface NotificationMailData {
  firstname: string;
  /** The notification's title, also the subject. */
  subject: string;
  paragraphs: string[];
  /** The page the notification leads to (a path of the platform) and its button text. */
  action?: { label: string; path: string };
  /** How the settings name this kind of notification, e.g. « Entretiens ». */
  kindLabel: string;
  /** The one-click unsubscribe address of this kind for this user (decision 024). */
  unsubscribePath: string;
}

/**
 * Every notification's e-mail (decision 024): the same French text as the in-app notification,
 * with a button to the page it concerns and, being non-essential, the link that stops this kind.
 */
export const notification: MailTemplate<NotificationMailData> = (data, { baseUrl }) => ({
  subject: data.subject,
  greeting: `Bonjour ${data.firstname},`,
  paragraphs: data.paragraphs,
  ...(data.action ? { action: { label: data.action.label, url: `${baseUrl}${data.action.path}` } } : {}),
  after: ['Vous retrouvez aussi ce message dans vos notifications sur EcoForma.'],
  unsubscribe: {
    reason: `Vous recevez cet e-mail car les notifications « ${data.kindLabel} » sont activées dans vos préférences (Mon profil › Paramètres).`,
    url: `${baseUrl}${data.unsubscribePath}`,
  },
});
