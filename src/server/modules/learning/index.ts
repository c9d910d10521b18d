import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { courses, courseSections, lessonProgress, lessons, quizAttempts } from '../../db/schema';
import { extOf, iso, zipName } from '../../lib/export-format';
import { mediaSigningSecret } from '../../lib/media-links';
import type { ModuleManifest } from '../../lib/module-manifest';
import { learningRoutes } from './learning.routes';
import { quizRoutes } from './quiz.routes';

export const learningModule: ModuleManifest = {
  name: 'learning',
  routes: [learningRoutes, quizRoutes],
  storedFiles: [lessons.filePath, lessons.captionsPath],
  personalData: [
    { column: lessonProgress.userId, exportedAs: 'lesson_progress', onAccountDeletion: 'cascade' },
    { column: quizAttempts.userId, exportedAs: 'quiz_attempts', onAccountDeletion: 'cascade' },
  ],
  // The files of the lessons of the courses the account wrote.
  async ownedFiles(db, userId) {
    const rows = await db
      .select({ courseId: courseSections.courseId, id: lessons.id, title: lessons.title, filePath: lessons.filePath, fileOriginalName: lessons.fileOriginalName, captionsPath: lessons.captionsPath })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(and(eq(courses.authorId, userId), isNotNull(lessons.filePath)))
      .orderBy(asc(lessons.id));
    return rows.flatMap((lesson) => {
      const folder = `fichiers/cours/${lesson.courseId}/lecons`;
      return [
        { path: `${folder}/${lesson.id}-${zipName(lesson.fileOriginalName, `fichier.${extOf(lesson.filePath!)}`)}`, description: `Fichier de la leçon « ${lesson.title} »`, storedName: lesson.filePath! },
        ...(lesson.captionsPath ? [{ path: `${folder}/${lesson.id}-sous-titres.vtt`, description: `Sous-titres de la leçon « ${lesson.title} »`, storedName: lesson.captionsPath }] : []),
      ];
    });
  },
  async exportSections(db, user) {
    const [progress, attempts] = await Promise.all([
      db
        .select({ lessonId: lessonProgress.lessonId, lessonTitle: lessons.title, courseId: courses.id, courseTitle: courses.title, completedAt: lessonProgress.completedAt })
        .from(lessonProgress)
        .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
        .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, courseSections.courseId))
        .where(eq(lessonProgress.userId, user.id))
        .orderBy(asc(lessonProgress.completedAt)),
      db
        .select({ attempt: quizAttempts, quizTitle: lessons.title })
        .from(quizAttempts)
        .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
        .where(eq(quizAttempts.userId, user.id))
        .orderBy(asc(quizAttempts.createdAt)),
    ]);
    return {
      lesson_progress: progress.map((p) => ({ lesson_id: p.lessonId, lesson_title: p.lessonTitle, course_id: p.courseId, course_title: p.courseTitle, completed_at: iso(p.completedAt) })),
      quiz_attempts: attempts.map(({ attempt, quizTitle }) => ({
        lesson_id: attempt.lessonId,
        quiz_title: quizTitle,
        number: attempt.number,
        score: attempt.score,
        passed: attempt.passed,
        submitted_at: iso(attempt.createdAt),
        questions: attempt.questions,
      })),
    };
  },
  // Drawn once, outside any request's transaction: requests then only read it.
  async prepare({ db, config }) {
    await mediaSigningSecret(db, config);
  },
};
