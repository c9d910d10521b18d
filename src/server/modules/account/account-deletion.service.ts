import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { accountMessages } from '../../../shared/account';
import { profileMessages } from '../../../shared/profile';
import type { Db } from '../../db/client';
import { accountTokens, auditLog, courses, courseSections, enrolments, lessons, mailOutbox, rateLimitCounters, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkCurrentPassword } from '../../lib/current-password';
import { rateKeys } from '../../lib/rate-limits';
import { removeStoredFile, type Storage } from '../../lib/storage';

/**
 * The details an audit line about a deleted account keeps: identifiers and what changed, never
 * free text written about the person (a refusal's or revocation's reason) nor a file's name.
 */
const KEPT_AUDIT_DETAILS = ['course_id', 'course_title', 'from', 'to', 'number', 'fields', 'role', 'meeting_id', 'user_id'];

/** What the audit log calls an account once deleted: its number, which names nobody any more. */
export const deletedAccountLabel = (id: number) => `Compte n° ${id} (supprimé)`;

/**
 * Refuses, with the French reason, a deletion a person may not do themselves: an administrator's
 * (another administrator deletes it, so the platform is never left without one), or an author's
 * whose courses are published or followed by learners (their access and progress depend on them).
 */
async function assertMayDeleteSelf(db: Db, user: { id: number; role: string }): Promise<void> {
  if (user.role === 'admin') throw AppError.forbidden(accountMessages.adminCannotDelete);
  const [live] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.authorId, user.id),
        or(eq(courses.status, 'published'), sql`exists (select 1 from ${enrolments} where ${enrolments.courseId} = ${courses.id})`),
      ),
    )
    .limit(1);
  if (live) throw AppError.invalidTransition(accountMessages.authorOfLiveCourses);
}

/**
 * "Supprimer mon compte" (decision 021). In one transaction: the account row goes, and with it, by
 * the database's cascades, every session (signed out at once), link, interview, enrolment, saved
 * course, progress, quiz attempt and unpublished course of theirs. What must stay as evidence stays
 * without them: attestations keep their snapshot (the name printed on them, needed to verify
 * them) with no link to the account; audit lines about them keep the action and date under
 * "Compte n° N (supprimé)", without their name, address or free-text reasons. Counters and queued
 * mail keyed by their address go too. Their files are removed from the storage after the commit.
 */
export async function deleteOwnAccount(db: Db, storage: Storage, userId: number, currentPassword: string): Promise<void> {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  // Before the password, so a refused deletion costs no guess on the lockout.
  await assertMayDeleteSelf(db, user);
  if (!(await checkCurrentPassword(db, userId, currentPassword))) {
    throw AppError.validation({ currentPassword: [profileMessages.currentPasswordWrong] });
  }

  const files = await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw AppError.unauthenticated();
    // Checked again under the lock: a course published or joined meanwhile stops the deletion.
    await assertMayDeleteSelf(tx as unknown as Db, target);

    const authored = await tx
      .select({ image: courses.imagePath, attachment: courses.attachmentPath })
      .from(courses)
      .where(eq(courses.authorId, userId));
    const lessonFiles = await tx
      .select({ file: lessons.filePath, captions: lessons.captionsPath })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(and(eq(courses.authorId, userId), isNotNull(lessons.filePath)));
    const pendingAddresses = await tx
      .select({ email: accountTokens.newEmail })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), isNotNull(accountTokens.newEmail)));

    const label = deletedAccountLabel(userId);
    await tx.execute(sql`update ${auditLog} set
        target_label = ${label},
        details = (select jsonb_object_agg(d.key, d.value) from jsonb_each(${auditLog.details}) d
                   where d.key in (${sql.join(KEPT_AUDIT_DETAILS.map((k) => sql`${k}`), sql`, `)}))
      where ${auditLog.targetId} = ${userId}`);
    await tx.insert(auditLog).values({ actorId: userId, targetId: userId, targetLabel: label, action: 'self_delete', details: { role: target.role } });

    const addresses = [target.email, ...pendingAddresses.map((p) => p.email!)];
    await tx.delete(mailOutbox).where(inArray(mailOutbox.recipient, addresses));
    await tx.delete(rateLimitCounters).where(
      inArray(rateLimitCounters.key, [
        rateKeys.loginEmail(target.email),
        rateKeys.forgotEmail(target.email),
        rateKeys.confirmResend(userId),
        rateKeys.emailChange(userId),
        rateKeys.dataExport(userId),
      ]),
    );
    // The cascades of the schema do the rest; attestations, audit lines and reviews keep a null reference.
    await tx.delete(users).where(eq(users.id, userId));
    return [target.cvPath, target.profilPicture, ...authored.flatMap((c) => [c.image, c.attachment]), ...lessonFiles.flatMap((l) => [l.file, l.captions])].filter(
      (name): name is string => Boolean(name),
    );
  });
  // After the commit: a rolled-back deletion must not lose a file.
  await Promise.all(files.map((name) => removeStoredFile(storage, name)));
}
