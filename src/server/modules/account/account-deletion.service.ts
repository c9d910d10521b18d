import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { accountMessages } from '../../../shared/account';
import { profileMessages } from '../../../shared/profile';
import type { Executor } from '../../db/client';
import { accountTokens, auditLog, courses, enrolments, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import type { OwnedFile } from '../../lib/module-manifest';
import { removeStoredFile, type Storage } from '../../lib/storage';
import { checkCurrentPassword } from '../auth';

/** What the audit log calls an account once deleted: its number, which names nobody any more. */
export const deletedAccountLabel = (id: number) => `Compte n° ${id} (supprimé)`;

/**
 * Refuses, with the French reason, a deletion a person may not do themselves: an administrator's
 * (another administrator deletes it, so the platform is never left without one), or an author's
 * whose courses are published or followed by learners (their access and progress depend on them).
 */
async function assertMayDeleteSelf(db: Executor, user: { id: number; role: string }): Promise<void> {
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
 * Deletes an account in the caller's transaction, the same way whoever asks (the person, an
 * administrator): every module's `eraseAccount` runs first, then the row goes and the schema's
 * cascades take the rest (decision 021). Returns the stored files every module says the account
 * owns: the caller removes them once the transaction has committed (a rolled-back deletion must not lose a file).
 */
export async function eraseAccount(tx: Executor, { modules, storage, config }: Pick<ModuleDeps, 'modules' | 'storage' | 'config'>, user: UserRow): Promise<string[]> {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const owned: OwnedFile[][] = [];
  for (const module of modules) owned.push((await module.ownedFiles?.(tx, user.id)) ?? []);
  const pending = await tx
    .select({ email: accountTokens.newEmail })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, user.id), isNotNull(accountTokens.newEmail)));
  const account = { user, storage, config, modules, pendingAddresses: pending.map((p) => p.email!) };
  for (const module of modules) await module.eraseAccount?.(tx, account);
  await tx.delete(users).where(eq(users.id, user.id));
  return owned.flat().map((file) => file.storedName);
}

/** Removes, after the commit, the files of a deleted account. */
export async function removeAccountFiles(storage: Storage, files: string[]): Promise<void> {
  await Promise.all(files.map((name) => removeStoredFile(storage, name)));
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
export async function deleteOwnAccount(deps: Pick<ModuleDeps, 'db' | 'storage' | 'modules' | 'config'>, userId: number, currentPassword: string): Promise<void> {
  const { db, storage } = deps;
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
    await assertMayDeleteSelf(tx, target);
    // Already anonymous: the erasure rewrites every line about the account to this label.
    await tx.insert(auditLog).values({ actorId: userId, targetId: userId, targetLabel: deletedAccountLabel(userId), action: 'self_delete', details: { role: target.role } });
    return eraseAccount(tx, deps, target);
  });
  await removeAccountFiles(storage, files);
}
