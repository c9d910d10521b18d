import { z } from 'zod';
import { isRealDate } from './auth';

/**
 * A period of Paris calendar days, 'YYYY-MM-DD', both ends included, each optional: the `?from=&to=`
 * of the proofs of training (attendance, certificat de réalisation, evidence files, issue 27).
 */
export interface ParisPeriod {
  from?: string;
  to?: string;
}

export const periodMessages = {
  dateInvalid: 'La date doit être un jour du calendrier au format AAAA-MM-JJ.',
  periodInvalid: 'La fin de la période doit suivre son début.',
} as const;

const parisDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Paris calendar day of an instant, 'YYYY-MM-DD'. */
export function parisDay(date: Date): string {
  return parisDayFormat.format(date);
}

/** Whether the instant falls within the period (both ends included, each optional). */
export function inParisPeriod(date: Date, period: ParisPeriod): boolean {
  const day = parisDay(date);
  return (!period.from || day >= period.from) && (!period.to || day <= period.to);
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const day = z.string({ error: periodMessages.dateInvalid }).refine(isRealDate, { error: periodMessages.dateInvalid });

export const periodShape = {
  from: z.preprocess(emptyAsUndefined, day.optional()),
  to: z.preprocess(emptyAsUndefined, day.optional()),
};

export function checkPeriod(query: ParisPeriod, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: periodMessages.periodInvalid });
}

/** `?from=&to=` alone. */
export const periodQuerySchema = z.object(periodShape).superRefine(checkPeriod);
