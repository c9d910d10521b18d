import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  AUDIT_ENTRIES_SHOWN,
  adminMessages,
  type AdminUser,
  type AdminUserCreateBody,
  type AdminUserCreatedResponse,
  type AdminUserDetail,
  type AdminUserUpdateBody,
} from '../../../shared/admin';
import { ACCOUNT_SETUP_TTL_MS } from '../../../shared/constants';
import { RESET_PASSWORD_PAGE } from '../../../shared/password';
import { roleLabels } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { auditLog, sessions, users, type UserRow } from '../../db/schema';
import { issueAccountToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { openStoredFile } from '../../lib/file-transfer';
import { isUniqueViolation } from '../../lib/db-errors';
import { queueMail } from '../../lib/mail/outbox';
import { latestMeeting } from '../meetings';
import { notify } from '../notifications';
import { hashPassword } from '../../lib/passwords';
import { userSearchText } from '../../lib/search-text';
import type { AuthUser } from '../../lib/sessions';
import type { ModuleDeps } from '../../lib/deps';
import type { OpenedFile, Storage } from '../../lib/storage';
import { eraseAccount, removeAccountFiles } from '../account';
import { toAdminUser } from './admin-user';

async function findUser(db: Executor, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw AppError.notFound(adminMessages.userNotFound);
  return user;
}

/** The full record of one user, with the history of what administrators did to them. */
export async function getUserDetail(db: Db, id: number): Promise<AdminUserDetail> {
  const user = await findUser(db, id);
  const [meeting, audit] = await Promise.all([
    latestMeeting(db, id),
    db
      .select({
        action: auditLog.action,
        createdAt: auditLog.createdAt,
        details: auditLog.details,
        actorFirstname: users.firstname,
        actorLastname: users.lastname,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(eq(auditLog.targetId, id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_ENTRIES_SHOWN),
  ]);
  return {
    ...toAdminUser(user, meeting),
    cv_original_name: user.cvPath ? user.cvOriginalName : null,
    rejection_reason: user.rejectionReason,
    rejected_at: user.rejectedAt ? user.rejectedAt.toISOString() : null,
    audit: audit.map((a) => ({
      action: a.action,
      actor_name: a.actorFirstname !== null ? `${a.actorFirstname} ${a.actorLastname}` : null,
      created_at: a.createdAt.toISOString(),
      details: a.details ?? null,
    })),
  };
}

/**
 * Refuses to disable or delete the last active administrator. Every active administrator's row is
 * locked first, so two administrators revoking each other at the same moment cannot both succeed:
 * the second one re-reads the rows the first changed.
 */
async function assertNotLastActiveAdmin(tx: Executor, target: UserRow, message: string): Promise<void> {
  if (target.role !== 'admin') return;
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isValid, true)))
    .for('update');
  if (active.some((a) => a.id === target.id) && active.length === 1) throw new AppError('validation_failed', 422, message);
}

/** Approves (true) or revokes (false) an account, administrators included; a revoked user is signed out everywhere. */
export async function setUserStatus(db: Db, actor: AuthUser, id: number, isValid: boolean): Promise<AdminUser> {
  if (!isValid && actor.id === id) throw new AppError('validation_failed', 422, adminMessages.cannotRevokeSelf);
  return db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (!isValid) await assertNotLastActiveAdmin(tx, target, adminMessages.lastAdminRevoke);
    const [updated] = await tx
      .update(users)
      .set(isValid ? { isValid: true, rejectedAt: null, rejectionReason: null, updatedAt: new Date() } : { isValid: false, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!isValid) await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, { actor, target, action: isValid ? 'approve' : 'revoke' });
    // A trainer's application accepted (not an approval repeated, nor another role re-enabled).
    if (isValid && !target.isValid && target.role === 'formateur') await notify(tx, { userId: id, kind: 'trainer_approved', data: {} });
    return toAdminUser(updated!, await latestMeeting(tx, id));
  });
}

/** Refuses a trainer's application; the reason is shown to them on their waiting page. */
export async function rejectTrainer(db: Db, actor: AuthUser, id: number, reason: string | undefined): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (target.role !== 'formateur') throw new AppError('validation_failed', 422, adminMessages.onlyTrainersRejected);
    const rejectionReason = reason ? reason : null;
    const [updated] = await tx
      .update(users)
      .set({ isValid: false, rejectedAt: new Date(), rejectionReason, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, { actor, target, action: 'reject', details: rejectionReason ? { reason: rejectionReason } : undefined });
    await notify(tx, { userId: id, kind: 'trainer_refused', data: { reason: rejectionReason } });
    return toAdminUser(updated!, await latestMeeting(tx, id));
  });
}

async function assertEmailFree(db: Executor, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? eq(users.email, email) : and(eq(users.email, email), ne(users.id, exceptId)))
    .limit(1);
  if (taken) throw AppError.emailTaken();
}

/** Corrects a user's personal information; the search column follows the new names and email. */
export async function updateUser(db: Db, actor: AuthUser, id: number, body: AdminUserUpdateBody): Promise<AdminUser> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findUser(tx, id);
      await assertEmailFree(tx, body.email, id);
      const changes = {
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        phoneNumber: body.phone_number,
        gender: body.gender,
        birthdate: body.birthdate,
        country: body.country,
        speciality: body.speciality,
      };
      // An address its owner never proved is not confirmed: the banner asks them to (decision 021).
      const confirmation = before.email !== body.email ? { emailConfirmedAt: null } : {};
      const [updated] = await tx
        .update(users)
        .set({ ...changes, ...confirmation, searchText: userSearchText(body), updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((key) => before[key] !== changes[key]);
      await recordAudit(tx, { actor, target: updated!, action: 'update', details: { fields: changed } });
      return toAdminUser(updated!, await latestMeeting(tx, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.emailTaken();
    throw error;
  }
}

/**
 * Creates an account for someone and e-mails them a "définissez votre mot de passe" link (7 days):
 * nobody, the administrator included, ever knows the password. Until the link is used, the
 * account's password is the hash of 256 random bits that nobody holds.
 */
export async function createUserAccount(db: Db, actor: AuthUser, body: AdminUserCreateBody): Promise<AdminUserCreatedResponse> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const user = await db.transaction(async (tx) => {
      await assertEmailFree(tx, body.email);
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          role: body.role,
          // As at signup: a trainer still goes through CV, interview and approval.
          isValid: body.role !== 'formateur',
          searchText: userSearchText(body),
        })
        .returning();
      await recordAudit(tx, { actor, target: created!, action: 'create', details: { role: body.role } });
      const issued = await issueAccountToken(tx, { who: { id: created!.id }, purpose: 'account_setup', ttlMs: ACCOUNT_SETUP_TTL_MS });
      await queueMail(tx, {
        to: created!.email,
        template: 'account-invitation',
        data: { firstname: created!.firstname, roleLabel: roleLabels[created!.role], path: linkPath(RESET_PASSWORD_PAGE, issued!.token) },
      });
      return created!;
    });
    return { user: toAdminUser(user, null), invitation_sent_to: user.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.emailTaken();
    throw error;
  }
}

/**
 * Deletes a user as the person themselves would be deleted (every module's erasure, then the
 * database's cascades), then their files: all of them, as every module lists them. Files go only
 * after the commit: a rolled-back deletion must not lose a CV.
 */
export async function deleteUser(deps: Pick<ModuleDeps, 'db' | 'storage' | 'modules' | 'config'>, actor: AuthUser, id: number): Promise<void> {
  const { db, storage } = deps;
  if (actor.id === id) throw new AppError('validation_failed', 422, adminMessages.cannotDeleteSelf);
  const files = await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    await assertNotLastActiveAdmin(tx, target, adminMessages.lastAdminDelete);
    // The administrator's action stays accountable: this line names the account it deleted.
    await recordAudit(tx, { actor, target, action: 'delete', keepTargetId: false, details: { user_id: id, role: target.role } });
    return eraseAccount(tx, deps, target);
  });
  await removeAccountFiles(storage, files);
}

interface CvFile extends OpenedFile {
  fileName: string;
  mimeType: string;
}

/** A user's CV opened for streaming, recording who downloaded it. */
export async function getCvForDownload(db: Db, storage: Storage, actor: AuthUser, id: number): Promise<CvFile> {
  const user = await findUser(db, id);
  if (!user.cvPath) throw AppError.notFound(adminMessages.cvNotFound);
  const file = await openStoredFile(storage, user.cvPath);
  if (!file) throw AppError.notFound(adminMessages.cvNotFound);
  try {
    await recordAudit(db, { actor, target: user, action: 'cv_download', details: { file: user.cvOriginalName } });
  } catch (error) {
    // The file is already open (a live response from S3): release it.
    file.stream.destroy();
    throw error;
  }
  return { ...file, fileName: user.cvOriginalName || 'cv.pdf', mimeType: user.cvMimeType || 'application/octet-stream' };
}
