import { and, eq } from 'drizzle-orm';
import { formatShortDateTime } from '../../../shared/french-format';
import { satisfactionAnswers } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';

/** The learner's satisfaction answer about the course (Qualiopi indicator 30); not kept after the account's deletion. */
export async function satisfactionEvidence({ db, enrolment }: EvidenceContext): Promise<EvidenceEntry[]> {
  const rows = await db
    .select()
    .from(satisfactionAnswers)
    .where(and(eq(satisfactionAnswers.userId, enrolment.userId), eq(satisfactionAnswers.courseId, enrolment.courseId)));
  const csv = toCsv(
    ['Date', 'Note (sur 5)', 'Commentaire'],
    rows.map((r) => [formatShortDateTime(r.createdAt), r.rating, r.comment ?? '']),
  );
  return [{ path: 'satisfaction.csv', data: csv, retained: false }];
}
