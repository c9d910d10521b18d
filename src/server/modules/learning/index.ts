import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { mayShowCorrection } from '../../../shared/quiz';
import { courses, courseSections, lessonProgress, lessons, quizAttempts, quizzes } from '../../db/schema';
import { extOf, iso, zipName } from '../../lib/export-format';
import { mediaSigningSecret } from '../../lib/media-links';
import type { ModuleManifest } from '../../lib/module-manifest';
import { evaluationsEvidence } from './evaluations-evidence';
import { learningRoutes } from './learning.routes';
import { quizRoutes } from './quiz.routes';
export { renderLessonMarkdown } from './markdown';
export { courseInformationColumns, toCourseInformation } from './learning.service';
export { positioningResults } from './positioning';

export { renderLessonMarkdown as renderSafeMarkdown } from './markdown';

export const learningModule: ModuleManifest = {
  name: 'learning',
  evidence: evaluationsEvidence,
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
        .select({ attempt: quizAttempts, quizTitle: lessons.title, showCorrection: quizzes.showCorrection, maxAttempts: quizzes.maxAttempts })
        .from(quizAttempts)
        .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
        .innerJoin(quizzes, eq(quizzes.lessonId, quizAttempts.lessonId))
        .where(eq(quizAttempts.userId, user.id))
        .orderBy(asc(quizAttempts.createdAt)),
    ]);
    // The export follows the quiz's review setting: the right options must not reach the learner by this door either.
    const shownFor = (lessonId: number, setting: (typeof attempts)[number]['showCorrection'], maxAttempts: number | null) => {
      const mine = attempts.filter((a) => a.attempt.lessonId === lessonId);
      return mayShowCorrection(setting, { quizPassed: mine.some((a) => a.attempt.passed), attemptsLeft: maxAttempts === null ? null : Math.max(0, maxAttempts - mine.length) });
    };
    return {
      lesson_progress: progress.map((p) => ({ lesson_id: p.lessonId, lesson_title: p.lessonTitle, course_id: p.courseId, course_title: p.courseTitle, completed_at: iso(p.completedAt) })),
      quiz_attempts: attempts.map(({ attempt, quizTitle, showCorrection, maxAttempts }) => ({
        lesson_id: attempt.lessonId,
        quiz_title: quizTitle,
        number: attempt.number,
        score: attempt.score,
        passed: attempt.passed,
        submitted_at: iso(attempt.createdAt),
        questions: shownFor(attempt.lessonId, showCorrection, maxAttempts)
          ? attempt.questions
          : attempt.questions.map((q) => ({ question_id: q.question_id, correct: q.correct, chosen_option_ids: q.chosen_option_ids, objective: q.objective })),
      })),
    };
  },
  // Drawn once, outside any request's transaction: requests then only read it.
  async prepare({ db, config }) {
    await mediaSigningSecret(db, config);
  },
};
