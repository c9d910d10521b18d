import { and, eq } from 'drizzle-orm';
import { formatShortDateTime } from '../../../shared/french-format';
import { inParisPeriod } from '../../../shared/periods';
import type { FollowUpKind } from '../../../shared/quality';
import { coldSurveyAnswers } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';
import { followUpLog } from './follow-up.service';

const followUpLabels: Record<FollowUpKind, string> = {
  inactivity_1: 'Première relance après inactivité',
  inactivity_2: 'Seconde relance après inactivité',
  survey: 'Enquête à froid',
  survey_reminder_1: 'Premier rappel de l’enquête à froid',
  survey_reminder_2: 'Second rappel de l’enquête à froid',
};

/**
 * The follow-up of the enrolment: reminders and survey mails sent (indicator 12, kept after an
 * account's deletion as proof of the follow-up), and the cold survey's answer (indicator 30, not kept).
 */
export async function followUpEvidence({ db, enrolment, period }: EvidenceContext): Promise<EvidenceEntry[]> {
  const sent = (await followUpLog(db, enrolment.id)).filter((row) => inParisPeriod(row.sentAt, period));
  const answers = await db
    .select()
    .from(coldSurveyAnswers)
    .where(and(eq(coldSurveyAnswers.userId, enrolment.userId), eq(coldSurveyAnswers.courseId, enrolment.courseId)));
  return [
    { path: 'relances.csv', data: toCsv(['Envoi', 'Date'], sent.map((row) => [followUpLabels[row.kind], formatShortDateTime(row.sentAt)])), retained: true },
    {
      path: 'enquete-a-froid.csv',
      data: toCsv(
        ['Date', 'Mise en pratique', 'Effets sur le travail', 'Note (sur 5)'],
        answers.map((a) => [formatShortDateTime(a.createdAt), a.practice, a.effect, a.rating]),
      ),
      retained: false,
    },
  ];
}
