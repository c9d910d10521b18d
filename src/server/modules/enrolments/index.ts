import { asc, eq } from 'drizzle-orm';
import { courses, enrolments } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';

export { accessOpen, detectCourseCompletions, enrol, enrolmentOf, lockEnrolment, rememberLesson, setEnrolmentClassification, withdraw } from './enrolments.service';
export { learnerCourseProgress, learnerProgressOfPairs } from './learner-progress';

/**
 * Enrolment, progress and completion: one owner that every path into a course calls (self,
 * organisation, later payment and live sessions), and one definition of completion. No routes of
 * its own: the courses, learning and organisations modules expose the calls.
 */
export const enrolmentsModule: ModuleManifest = {
  name: 'enrolments',
  routes: [],
  personalData: [{ column: enrolments.userId, exportedAs: 'enrolments', onAccountDeletion: 'cascade' }],
  async exportSections(db, user) {
    const enrolled = await db
      .select({ courseId: enrolments.courseId, title: courses.title, createdAt: enrolments.createdAt, completedAt: enrolments.completedAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, user.id))
      .orderBy(asc(enrolments.createdAt));
    return { enrolments: enrolled.map((e) => ({ course_id: e.courseId, course_title: e.title, enrolled_at: iso(e.createdAt), completed_at: iso(e.completedAt) })) };
  },
};
