/**
 * Calendar days as French people count them, in Paris time, written 'YYYY-MM-DD': the periods of
 * the proofs of training (`?from=&to=`, both ends included) and of the public results (issue 27).
 * No zod here: the course page reads it.
 */

import { onFirstUse } from './on-first-use';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const parisDayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The Paris calendar day of an instant, 'YYYY-MM-DD'. */
export function parisDay(date: Date): string {
  return parisDayFormat().format(date);
}

/** A period of Paris days, both ends included, each optional. */
export interface ParisPeriod {
  from?: string;
  to?: string;
}

/** Whether the instant falls within the period. */
export function inParisPeriod(date: Date, period: ParisPeriod): boolean {
  const day = parisDay(date);
  return (!period.from || day >= period.from) && (!period.to || day <= period.to);
}
