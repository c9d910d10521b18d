import { formatShortDateTime } from '../../../shared/french-format';
import { inParisPeriod } from '../../../shared/periods';
import { toCsv } from '../../lib/csv';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';
import { signedLiveMinutes } from './sessions.service';

/** The live slots the learner signed (R6332-26), kept after an account's deletion; the sheets' PDFs stay with the sessions. */
export async function signaturesEvidence({ db, enrolment, period }: EvidenceContext): Promise<EvidenceEntry[]> {
  const signed = (await signedLiveMinutes(db, { userId: enrolment.userId, courseId: enrolment.courseId })).filter((slot) => inParisPeriod(slot.startsAt, period));
  if (signed.length === 0) return [];
  const csv = toCsv(
    ['Créneau (début)', 'Durée (min)', 'Signé le'],
    signed.map((slot) => [formatShortDateTime(slot.startsAt), slot.minutes, formatShortDateTime(slot.signedAt)]),
  );
  return [{ path: 'emargements.csv', data: csv, retained: true }];
}
