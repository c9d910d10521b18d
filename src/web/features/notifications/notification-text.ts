import { formatDay, plural } from '../../../shared/french-format';
import { onFirstUse } from '../../../shared/on-first-use';

/** The bell's badge shows at most this count, then « 99+ ». */
export const BELL_BADGE_MAX = 99;

/** "Notifications, 3 non lues": the bell's accessible name, saying what its badge shows. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, aucune non lue';
  // The badge shows « 99+ » beyond: the name holds what is seen (WCAG 2.5.3), then the count.
  if (unread > BELL_BADGE_MAX) return `Notifications, ${BELL_BADGE_MAX}+ non lues (${unread})`;
  return `Notifications, ${plural(unread, 'non lue')}`;
}

/** "3 notifications non lues", for the list page's summary. */
export function unreadSummary(unread: number): string {
  if (unread === 0) return 'Toutes vos notifications sont lues.';
  return plural(unread, 'notification non lue', 'notifications non lues');
}

const relativeFormat = onFirstUse(() => new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' }));

/** "il y a 5 minutes", "hier", then the date: when a notification arrived, as a person says it. */
export function arrivedAt(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  if (Math.abs(seconds) < 60) return 'à l’instant';
  if (Math.abs(minutes) < 60) return relativeFormat().format(minutes, 'minute');
  if (Math.abs(hours) < 24) return relativeFormat().format(hours, 'hour');
  if (Math.abs(days) < 7) return relativeFormat().format(days, 'day');
  return `le ${formatDay(iso)}`;
}
