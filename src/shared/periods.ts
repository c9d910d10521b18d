import { z } from 'zod';
import { isCalendarDay, type ParisPeriod } from './paris-days';

export { inParisPeriod, parisDay, type ParisPeriod } from './paris-days';

/** The `?from=&to=` of the proofs of training (attendance, certificat de réalisation, evidence files, issue 27). */
export const periodMessages = {
  dateInvalid: 'La date doit être au format AAAA-MM-JJ.',
  periodInvalid: 'La date de début doit précéder la date de fin.',
} as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const day = z.string({ error: periodMessages.dateInvalid }).refine(isCalendarDay, { error: periodMessages.dateInvalid });

export const periodShape = {
  from: z.preprocess(emptyAsUndefined, day.optional()),
  to: z.preprocess(emptyAsUndefined, day.optional()),
};

export function checkPeriod(query: ParisPeriod, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: periodMessages.periodInvalid });
}

/** `?from=&to=` alone. */
export const periodQuerySchema = z.object(periodShape).superRefine(checkPeriod);
