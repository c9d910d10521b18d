import { and, asc, eq } from 'drizzle-orm';
import { inParisPeriod } from '../../../shared/periods';
import { formatShortDateTime } from '../../../shared/french-format';
import { conversations, courses, messages, users } from '../../db/schema';
import type { EvidenceContext, EvidenceEntry } from '../../lib/module-manifest';

/**
 * The exchanges between the learner and the course's trainer in the period: the assistance a
 * distance action must include (D6313-3-1). Not kept after the account's deletion (decision 048).
 */
export async function exchangesEvidence({ db, enrolment, period }: EvidenceContext): Promise<EvidenceEntry[]> {
  const [course] = await db.select({ authorId: courses.authorId }).from(courses).where(eq(courses.id, enrolment.courseId));
  if (!course || course.authorId === enrolment.userId) return [];
  const [a, b] = [course.authorId, enrolment.userId].sort((x, y) => x - y);
  const rows = await db
    .select({ at: messages.createdAt, body: messages.body, firstname: users.firstname, lastname: users.lastname })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(conversations.userAId, a!), eq(conversations.userBId, b!)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const inPeriod = rows.filter((r) => inParisPeriod(r.at, period));
  if (inPeriod.length === 0) return [];
  const text = inPeriod.map((r) => `[${formatShortDateTime(r.at)}] ${r.firstname ? `${r.firstname} ${r.lastname}` : 'Compte supprimé'} :\r\n${r.body}\r\n`).join('\r\n');
  return [{ path: 'echanges-avec-le-formateur.txt', data: `Échanges entre ${enrolment.learnerName} et le formateur du cours « ${enrolment.courseTitle} »\r\n\r\n${text}`, retained: false }];
}
