import { formatDay } from '../../../../shared/french-format';
import { onFirstUse } from '../../../../shared/on-first-use';

const time = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }));

/** « 3 décembre 2026, 09:00 – 12:00 », Paris time. */
export function slotTimes(slot: { starts_at: string; ends_at: string }): string {
  return `${formatDay(slot.starts_at)}, ${time().format(new Date(slot.starts_at))} – ${time().format(new Date(slot.ends_at))}`;
}

/** 'YYYY-MM-DDTHH:mm' of a datetime-local field, in the browser's zone, from an ISO instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local field's value as an ISO instant (empty: ''). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
