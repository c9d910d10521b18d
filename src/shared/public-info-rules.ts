// Qualiopi indicators 1 (public information) and 2 (public results): constants, messages and rules
// without zod, so the course page imports them without bringing zod into its chunk (decision 031).
import { formatDate } from './french-format';

/** An RNCP or RS code as France compétences writes it: « RNCP » or « RS » then its number. */
export const CERTIFICATION_CODE = /^(RNCP|RS)\d{1,6}$/;
export const CERTIFIER_MAX = 200;

export const publicInfoMessages = {
  contactInvalid: 'Le contact doit comporter une adresse e-mail ou un numéro de téléphone.',
  certificationInvalid: 'La certification doit comporter un code, un certificateur et une date d’enregistrement.',
  certificationCodeInvalid: 'Le code de certification doit être un code RNCP ou RS, par exemple RNCP12345 ou RS1234.',
  certifierRequired: 'Indiquez le certificateur.',
  certifierTooLong: `Le certificateur ne doit pas dépasser ${CERTIFIER_MAX} caractères.`,
  registeredOnInvalid: 'La date d’enregistrement doit être une date valide (AAAA-MM-JJ).',
} as const;

const EMAIL_IN_TEXT = /[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>().]{2,}/;
/** Ten digits (or +33 and nine), spaces, dots or dashes between them: « 01 23 45 67 89 », « +33 1 23 45 67 89 ». */
const PHONE_IN_TEXT = /(?:\+33\s?[1-9]|\b0[1-9])(?:[\s.-]?\d{2}){4}\b/;

/** A course's contact is free text (a name, a service…) that must give a way to reach someone: an e-mail or a phone number. */
export function isReachableContact(text: string): boolean {
  return EMAIL_IN_TEXT.test(text) || PHONE_IN_TEXT.test(text);
}

/** « RNCP 12345 » or « rncp12345 » → « RNCP12345 »: what trainers type, in the form the répertoire uses. */
export function normalizeCertificationCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}


/** The share in whole percent (« 67 % »), or null when there is nothing to divide (no learner, no attempt). */
export function ratePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null;
}

/** Below this many answers, a course's satisfaction is not published: a few ratings would point at the learners who gave them (decision 046). */
export const SATISFACTION_MIN_COUNT = 3;
/** The public results cover the last 12 months, day by day, Paris time (decision 046). */
export const RESULTS_PERIOD_MONTHS = 12;

/**
 * The period of the public results on `today` (a Paris day, YYYY-MM-DD): the 12 months that end
 * on it, e.g. 2025-11-28 to 2026-11-27 (the day after the same day a year earlier).
 */
export function resultsPeriod(today: string): { from: string; to: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1 - RESULTS_PERIOD_MONTHS, d + 1));
  // 29 February has no twin a year later or earlier: Date rolls 2025-02-29 into 2025-03-01, which is right.
  return { from: start.toISOString().slice(0, 10), to: today };
}


/** A day of the results' period as French writes it: « 1er décembre 2025 », « 27 novembre 2026 ». */
export function formatPeriodDay(isoDay: string): string {
  return formatDate(isoDay).replace(/^1 /, '1er ');
}
