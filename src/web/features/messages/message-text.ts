import { formatDateTime } from '../../../shared/french-format';

/** The navigation entry's name, with its count: « Messages, 2 non lus ». */
export function messagesLabel(unread: number): string {
  if (unread === 0) return 'Messages, aucun non lu';
  return `Messages, ${unread} non ${unread === 1 ? 'lu' : 'lus'}`;
}

/** « 2 non lus », beside a conversation. */
export function unreadText(unread: number): string {
  return `${unread} non ${unread === 1 ? 'lu' : 'lus'}`;
}

/** When a message was written, in French (Europe/Paris). */
export function messageTime(iso: string): string {
  return formatDateTime(iso);
}
