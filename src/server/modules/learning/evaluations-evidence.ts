import { and, asc, eq } from 'drizzle-orm';
import { inParisPeriod } from '../../../shared/periods';
import { formatShortDateTime } from '../../../shared/french-format';
import { lessons, courseSections, quizAttempts, quizzes } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';

/** Every quiz attempt of the enrolment in the period: the evaluations D6313-3-1 asks a distance action to include. */
export async function evaluationsEvidence({ db, enrolment, period }: EvidenceContext): Promise<EvidenceEntry[]> {
  const rows = await db
    .select({ title: lessons.title, number: quizAttempts.number, score: quizAttempts.score, passMark: quizzes.passMark, passed: quizAttempts.passed, at: quizAttempts.createdAt })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.lessonId, quizAttempts.lessonId))
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(and(eq(quizAttempts.userId, enrolment.userId), eq(courseSections.courseId, enrolment.courseId)))
    .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.id));
  const csv = toCsv(
    ['Évaluation', 'Tentative', 'Date', 'Score (%)', 'Seuil de réussite (%)', 'Résultat'],
    rows.filter((r) => inParisPeriod(r.at, period)).map((r) => [r.title, r.number, formatShortDateTime(r.at), r.score, r.passMark, r.passed ? 'réussie' : 'non réussie']),
  );
  return [{ path: 'evaluations.csv', data: csv, retained: true }];
}
