/**
 * How the platform writes dates, numbers, durations and counts in French, for both sides: the
 * screens, and the server's e-mails, notifications, PDFs and CSV exports. Every instant is shown in
 * Paris time, whatever the time zone of the machine or the browser. No zod here: the catalogue's
 * chunks import this module (decision 031).
 */

import { onFirstUse } from './on-first-use';

const NBSP = '\u00a0';
/** French thousands separator, as Intl writes it. */
const NNBSP_GROUP = '\u202f';
const PARIS = 'Europe/Paris';

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: PARIS }));
const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: PARIS }));
const shortDateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: PARIS }));
const shortDateFormat = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: PARIS }));
const numberFormat = onFirstUse(() => new Intl.NumberFormat('fr-FR'));
const oneDecimalFormat = onFirstUse(() => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const euroFormat = onFirstUse(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));

type Instant = string | Date | null | undefined;

/** The instant, or null when absent or unreadable (the formats below then write ''). */
function toDate(value: Instant): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatWith(format: Intl.DateTimeFormat, value: Instant): string {
  const date = toDate(value);
  return date ? format.format(date) : '';
}

/** The calendar day of an instant in Paris: '25 novembre 2026' (an instant at 23:30 UTC is the next day). */
export function formatDay(value: Instant): string {
  return formatWith(dayFormat(), value);
}

/** A calendar date 'YYYY-MM-DD' (a birth date) as '17 mai 1990', the day as written, never shifted by a time zone. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return '';
  return dayFormat().format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** An appointment: 'samedi 3 janvier 2026 à 10:00', Paris time. */
export function formatDateTime(value: Instant): string {
  return formatWith(dateTimeFormat(), value);
}

/** An instant in a table cell or a CSV file: '12/03/2026 14:30', Paris time (what French spreadsheets read as a date). */
export function formatShortDateTime(value: Instant): string {
  return formatWith(shortDateTimeFormat(), value);
}

/** The day of an instant in a table cell: '12/03/2026', Paris time. */
export function formatShortDate(value: Instant): string {
  return formatWith(shortDateFormat(), value);
}

/**
 * `value` as Intl writes it in fr-FR with exactly `places` decimals, when its shortest writing has no
 * more (nothing to round): digits grouped by three with a narrow no-break space, a decimal comma; null
 * otherwise. The counts, prices and ratings of the catalogue are such numbers, and the first Intl
 * formatter a page creates loads the locale's data, about 50 ms on a phone inside the render of the
 * catalogue (decision 066). The tests hold it to Intl's writing.
 */
function plainFrenchNumber(value: number, places: 0 | 1 | 2): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match || Object.is(value, -0) || (match[3]?.length ?? 0) > places) return null;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, NNBSP_GROUP);
  return places === 0 ? `${sign}${grouped}` : `${sign}${grouped},${fraction.padEnd(places, '0')}`;
}

/** 1234 -> '1 234'; with `decimals`, exactly that many: 4.25 -> '4,3'. */
export function formatNumber(value: number, decimals?: 1): string {
  return plainFrenchNumber(value, decimals ?? 0) ?? (decimals === 1 ? oneDecimalFormat() : numberFormat()).format(value);
}

/** 49.9 -> '49,90 €'. */
export function formatEuros(amount: number): string {
  const plain = plainFrenchNumber(amount, 2);
  return plain === null ? euroFormat().format(amount) : `${plain}${NBSP}€`;
}

/** A file's size as the upload screens show it: '512 octets', '1,5 Ko', '2,0 Mo'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

/**
 * A duration in minutes as people read it: '45 min', '1 h 30 min', '2 h', and 0 as 'moins d'1 min'. On screen each number is
 * held to its unit by a no-break space, so a narrow column never strands 'min' on a line of its own;
 * the attestation's PDF passes an ordinary space.
 */
export function formatMinutes(minutes: number, space: string = NBSP): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  // A lesson shorter than a minute (the 10 s demo video) is not announced as '0 min'.
  if (minutes <= 0) return `moins d'1${space}min`;
  if (hours === 0) return `${rest}${space}min`;
  return rest === 0 ? `${hours}${space}h` : `${hours}${space}h${space}${rest}${space}min`;
}

/** A count with its noun, singular up to 1 as French has it: '0 leçon', '1 leçon', '2 leçons', '1 234 leçons'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count > 1 ? many : one}`;
}
