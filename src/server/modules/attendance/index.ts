import { asc, eq } from 'drizzle-orm';
import { attendanceSessions, courses } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { attendanceEvidence } from './attendance-evidence';
import { attendanceRoutes } from './attendance.routes';

export { certificateOfCompletionMentions } from './certificate-of-completion';

/**
 * Attendance and the proofs of an enrolment (issue 27, decision 047): the player's beats, the
 * attendance sheet, the certificat de réalisation, and a course's learners for its trainer. Reads
 * the enrolments, the lessons' progress, the quiz attempts and the organisations' consent; writes
 * only its connections.
 */
export const attendanceModule: ModuleManifest = {
  name: 'attendance',
  routes: [attendanceRoutes],
  evidence: attendanceEvidence,
  personalData: [{ column: attendanceSessions.userId, exportedAs: 'attendance', onAccountDeletion: 'cascade' }],
  async exportSections(db, user) {
    const rows = await db
      .select({ session: attendanceSessions, title: courses.title })
      .from(attendanceSessions)
      .innerJoin(courses, eq(courses.id, attendanceSessions.courseId))
      .where(eq(attendanceSessions.userId, user.id))
      .orderBy(asc(attendanceSessions.startedAt));
    return {
      attendance: rows.map(({ session: s, title }) => ({
        course_id: s.courseId,
        course_title: title,
        started_at: iso(s.startedAt),
        ended_at: iso(s.lastBeatAt),
        seconds: s.seconds,
        seconds_by_lesson: s.lessonSeconds,
      })),
    };
  },
};
