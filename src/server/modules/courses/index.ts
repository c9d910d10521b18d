import { asc, eq, inArray } from 'drizzle-orm';
import { courseReviews, courses, savedCourses } from '../../db/schema';
import { extOf, iso, zipName } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { programmeEvidence } from './programme-pdf';
import { coursesRoutes } from './courses.routes';
import { seedDemoCatalogue } from './demo-seed';

export { courseItemColumns, toCourseItem, type CourseItemRow } from './course-items';
export { coursesInitialData } from './courses.initial-data';
export { seedDemoCatalogue } from './demo-seed';

export const coursesModule: ModuleManifest = {
  name: 'courses',
  evidence: programmeEvidence,
  routes: [coursesRoutes],
  storedFiles: [courses.imagePath, courses.attachmentPath],
  personalData: [
    // A course still in draft goes with its author; self-deletion is refused while one is published or followed.
    { column: courses.authorId, exportedAs: 'authored_courses', onAccountDeletion: 'cascade' },
    { column: savedCourses.userId, exportedAs: 'saved_courses', onAccountDeletion: 'cascade' },
  ],
  async ownedFiles(db, userId) {
    const authored = await db
      .select({ id: courses.id, title: courses.title, imagePath: courses.imagePath, attachmentPath: courses.attachmentPath, attachmentOriginalName: courses.attachmentOriginalName })
      .from(courses)
      .where(eq(courses.authorId, userId))
      .orderBy(asc(courses.createdAt));
    return authored.flatMap((course) => {
      const folder = `fichiers/cours/${course.id}`;
      return [
        ...(course.imagePath ? [{ path: `${folder}/image.${extOf(course.imagePath)}`, description: `Image du cours « ${course.title} »`, storedName: course.imagePath }] : []),
        ...(course.attachmentPath
          ? [
              {
                path: `${folder}/${zipName(course.attachmentOriginalName, `piece-jointe.${extOf(course.attachmentPath)}`)}`,
                description: `Pièce jointe du cours « ${course.title} »`,
                storedName: course.attachmentPath,
              },
            ]
          : []),
      ];
    });
  },
  async exportSections(db, user) {
    const [authored, saved] = await Promise.all([
      db.select().from(courses).where(eq(courses.authorId, user.id)).orderBy(asc(courses.createdAt)),
      db
        .select({ courseId: savedCourses.courseId, title: courses.title, createdAt: savedCourses.createdAt })
        .from(savedCourses)
        .innerJoin(courses, eq(courses.id, savedCourses.courseId))
        .where(eq(savedCourses.userId, user.id)),
    ]);
    const reviews = authored.length
      ? await db.select().from(courseReviews).where(inArray(courseReviews.courseId, authored.map((c) => c.id))).orderBy(asc(courseReviews.createdAt))
      : [];
    return {
      saved_courses: saved.map((s) => ({ course_id: s.courseId, course_title: s.title, saved_at: iso(s.createdAt) })),
      authored_courses: authored.map((course) => ({
        id: course.id,
        title: course.title,
        description: course.description,
        status: course.status,
        created_at: iso(course.createdAt),
        updated_at: iso(course.updatedAt),
        review_history: reviews
          .filter((r) => r.courseId === course.id)
          .map((r) => ({ from: r.fromStatus, to: r.toStatus, reason: r.reason, created_at: iso(r.createdAt) })),
      })),
    };
  },
  async prepare({ db, storage, config }) {
    if (config.seedDemo) await seedDemoCatalogue(db, storage);
  },
};
