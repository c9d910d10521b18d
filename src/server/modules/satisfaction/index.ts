import { asc, eq } from 'drizzle-orm';
import { courses, satisfactionAnswers } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { satisfactionEvidence } from './satisfaction-evidence';
import { satisfactionRoutes } from './satisfaction.routes';

export { ratingStats } from './course-ratings';

export const satisfactionModule: ModuleManifest = {
  name: 'satisfaction',
  evidence: satisfactionEvidence,
  routes: [satisfactionRoutes],
  personalData: [
    { column: satisfactionAnswers.userId, exportedAs: 'satisfaction_answers', onAccountDeletion: 'cascade' },
    { column: satisfactionAnswers.commentHiddenById, exportedAs: { notExported: "l'administrateur qui a masqué le commentaire d'une autre personne" }, onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    const answers = await db
      .select({
        courseId: satisfactionAnswers.courseId,
        title: courses.title,
        rating: satisfactionAnswers.rating,
        comment: satisfactionAnswers.comment,
        hiddenAt: satisfactionAnswers.commentHiddenAt,
        createdAt: satisfactionAnswers.createdAt,
        updatedAt: satisfactionAnswers.updatedAt,
      })
      .from(satisfactionAnswers)
      .innerJoin(courses, eq(courses.id, satisfactionAnswers.courseId))
      .where(eq(satisfactionAnswers.userId, user.id))
      .orderBy(asc(satisfactionAnswers.createdAt));
    return {
      satisfaction_answers: answers.map((a) => ({
        course_id: a.courseId,
        course_title: a.title,
        rating: a.rating,
        comment: a.comment,
        comment_hidden_at: iso(a.hiddenAt),
        created_at: iso(a.createdAt),
        updated_at: iso(a.updatedAt),
      })),
    };
  },
};
