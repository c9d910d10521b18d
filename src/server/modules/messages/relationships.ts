import { and, eq, or, sql } from 'drizzle-orm';
import { NEW_ACCOUNT_HOURS } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { courses, enrolments, organisationMembers } from '../../db/schema';
import { bothAcceptMessages } from '../directory';

/**
 * Who may open a conversation with whom (issue 26). Messages are private by default: two accounts
 * write to each other only where a relationship exists between them.
 */

/** A relationship between two accounts, checked in SQL; `courseId` narrows it to one course where it has one. */
type Relationship = (db: Executor, a: number, b: number, courseId: number | null) => Promise<boolean>;

/** A learner enrolled in a course, and the trainer who wrote it (either may write first). */
const learnerAndTrainer: Relationship = async (db, a, b, courseId) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(
      and(
        or(and(eq(enrolments.userId, a), eq(courses.authorId, b)), and(eq(enrolments.userId, b), eq(courses.authorId, a))),
        courseId === null ? undefined : eq(courses.id, courseId),
      ),
    )
    .limit(1);
  return Boolean(row);
};

/** An organisation and a member who accepted its invitation and consented (an active membership). */
const organisationAndMember: Relationship = async (db, a, b) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.status, 'active'),
        or(
          and(eq(organisationMembers.organisationId, a), eq(organisationMembers.userId, b)),
          and(eq(organisationMembers.organisationId, b), eq(organisationMembers.userId, a)),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
};

/** Relationships inside the person's courses: open to every account, new or unconfirmed ones included. */
const courseRelationships: readonly Relationship[] = [learnerAndTrainer];

/** Two people listed in the directory who both chose « Accepter les messages ». */
const directoryContacts: Relationship = (db, a, b) => bothAcceptMessages(db, a, b);

/** Relationships outside the person's courses: closed to new or unconfirmed accounts, the usual door of spam. */
const networkRelationships: readonly Relationship[] = [organisationAndMember, directoryContacts];

/** The account opening the conversation, as the rule needs it. */
export interface Opener {
  id: number;
  createdAt: Date;
  emailConfirmedAt: Date | null;
}

/** An account created less than 24 hours ago, or whose address is not confirmed yet. */
export function isNewOrUnconfirmed(opener: Opener, now = new Date()): boolean {
  return !opener.emailConfirmedAt || now.getTime() - opener.createdAt.getTime() < NEW_ACCOUNT_HOURS * 60 * 60 * 1000;
}

/** Why a conversation may or may not be opened: `new_account` when only a relationship outside courses exists. */
export type OpeningVerdict = 'allowed' | 'not_allowed' | 'new_account';

/**
 * May `opener` open a conversation with `recipientId` (about `courseId`, when given)? A course
 * relationship always allows it; a relationship outside courses only for an established account.
 */
export async function mayOpenConversation(db: Executor, opener: Opener, recipientId: number, courseId: number | null = null, now = new Date()): Promise<OpeningVerdict> {
  for (const related of courseRelationships) if (await related(db, opener.id, recipientId, courseId)) return 'allowed';
  // A course was named and no course relationship holds there: nothing else speaks for that course.
  if (courseId !== null) return 'not_allowed';
  for (const related of networkRelationships) {
    if (await related(db, opener.id, recipientId, null)) return isNewOrUnconfirmed(opener, now) ? 'new_account' : 'allowed';
  }
  return 'not_allowed';
}
