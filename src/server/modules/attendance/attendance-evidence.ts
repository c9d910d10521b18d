import { eq } from 'drizzle-orm';
import { courses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';
import { attendanceCsv, attendanceOf, consentingOrganisations, type EnrolmentFacts } from './attendance.service';
import { certificateOfCompletionPdf } from './certificate-of-completion';

/**
 * The evidence file's attendance (the time on screen and the activities, R6313-3) and its
 * certificat de réalisation on the default basis (decision 047); both kept after an account's
 * deletion. An enrolment with no activity has no certificat yet: it is left out, not refused.
 */
export async function attendanceEvidence({ db, storage, enrolment, period }: EvidenceContext): Promise<EvidenceEntry[]> {
  const [course] = await db.select({ authorId: courses.authorId }).from(courses).where(eq(courses.id, enrolment.courseId));
  const facts: EnrolmentFacts = {
    id: enrolment.id,
    learnerId: enrolment.userId,
    authorId: course?.authorId ?? 0,
    courseId: enrolment.courseId,
    courseTitle: enrolment.courseTitle,
    learnerName: enrolment.learnerName,
    enrolledAt: enrolment.enrolledAt,
    completedAt: enrolment.completedAt,
    consentingOrganisationIds: (await consentingOrganisations(db, enrolment.userId, enrolment.courseId)).map((o) => o.organisationId),
  };
  const entries: EvidenceEntry[] = [{ path: 'presence.csv', data: attendanceCsv(await attendanceOf(db, facts, period)), retained: true }];
  try {
    entries.push({ path: 'certificat-de-realisation.pdf', data: await certificateOfCompletionPdf({ db, storage }, facts, { ...period, basis: 'estimated' }), retained: true });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'invalid_transition')) throw error;
  }
  return entries;
}
