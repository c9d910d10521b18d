import { asc, eq, or } from 'drizzle-orm';
import { coldSurveyAnswers, complaints, courses } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { deletedAccountLabel } from '../account';
import { runFollowUps } from './follow-up.service';
import { qualityRoutes } from './quality.routes';
import { followUpEvidence } from './quality-evidence';

export { followUpLog } from './follow-up.service';

/**
 * Quality follow-up (issue 27, Qualiopi indicators 12, 30, 31, 32): reminders to inactive learners
 * and the cold survey (a daily job), complaints, improvement actions, the monthly figures.
 */
export const qualityModule: ModuleManifest = {
  name: 'quality',
  routes: [qualityRoutes],
  evidence: followUpEvidence,
  personalData: [
    { column: complaints.userId, exportedAs: 'complaints', onAccountDeletion: 'set null' },
    { column: complaints.email, exportedAs: 'complaints', onAccountDeletion: 'erase' },
    { column: coldSurveyAnswers.userId, exportedAs: 'cold_survey_answers', onAccountDeletion: 'cascade' },
  ],
  async exportSections(db, user) {
    const [filed, answers] = await Promise.all([
      db
        .select()
        .from(complaints)
        .where(or(eq(complaints.userId, user.id), eq(complaints.email, user.email)))
        .orderBy(asc(complaints.receivedAt)),
      db
        .select({ answer: coldSurveyAnswers, title: courses.title })
        .from(coldSurveyAnswers)
        .innerJoin(courses, eq(courses.id, coldSurveyAnswers.courseId))
        .where(eq(coldSurveyAnswers.userId, user.id))
        .orderBy(asc(coldSurveyAnswers.createdAt)),
    ]);
    return {
      complaints: filed.map((c) => ({
        subject: c.subject,
        description: c.description,
        status: c.status,
        answer: c.answer,
        received_at: iso(c.receivedAt),
        taken_at: iso(c.takenAt),
        resolved_at: iso(c.resolvedAt),
      })),
      cold_survey_answers: answers.map((a) => ({ course_title: a.title, practice: a.answer.practice, effect: a.answer.effect, rating: a.answer.rating, created_at: iso(a.answer.createdAt) })),
    };
  },
  // A complaint stays as the provider's evidence (indicator 31), without the address of a deleted account.
  async eraseAccount(tx, { user, pendingAddresses }) {
    await tx
      .update(complaints)
      .set({ email: deletedAccountLabel(user.id) })
      .where(or(eq(complaints.userId, user.id), eq(complaints.email, user.email), ...pendingAddresses.map((a) => eq(complaints.email, a))));
  },
  jobs: [
    {
      name: 'relances des apprenants inactifs et enquêtes à froid (une fois par jour, un seul processus)',
      async run({ db, log, now }) {
        const result = await runFollowUps(db, now);
        if (result && result.reminders + result.surveys > 0) log.info(`${result.reminders} relance(s) et ${result.surveys} enquête(s) à froid mises en file d’envoi`);
      },
    },
  ],
};
