import { and, eq, ne, sql } from 'drizzle-orm';
import { accountMessages, type AccountMessageResponse, type ChangeEmail, type ConfirmEmailResponse } from '../../../shared/account';
import { ACCOUNT_LIMITS_WINDOW_MS, EMAIL_CHANGE_LIMIT, EMAIL_CHANGE_TTL_MS, EMAIL_CONFIRM_RESEND_LIMIT } from '../../../shared/constants';
import { CONFIRM_EMAIL_PAGE } from '../../../shared/password';
import { profileMessages } from '../../../shared/profile';
import type { Db } from '../../db/client';
import { accountTokens, sessions, users } from '../../db/schema';
import { consumeAccountToken, findAccountToken, issueAccountToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { checkCurrentPassword } from '../auth';
import { isUniqueViolation } from '../../lib/db-errors';
import { queueEmailConfirmation } from '../auth';
import { announcePendingInvitations } from '../organisations';
import { queueMail } from '../../lib/mail/outbox';
import { countHit, rateKeys } from '../../lib/rate-limits';
import { userSearchText } from '../../lib/search-text';

const WINDOW_SECONDS = ACCOUNT_LIMITS_WINDOW_MS / 1000;

async function addressTaken(db: Db, email: string, exceptId: number): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptId))).limit(1);
  return Boolean(taken);
}

/**
 * Asks to move the account to another login e-mail. Nothing changes yet: a link goes to the new
 * address (only its owner can open it) and the current address is told, without a link to act on.
 * The current password is required and counted on the login lockout, so a session left open on a
 * shared computer is not enough to take the account over; requests are limited per account, so
 * the form cannot be used to send mail to strangers.
 */
export async function requestEmailChange(db: Db, userId: number, body: ChangeEmail): Promise<AccountMessageResponse> {
  const [user] = await db.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  if (user.email === body.email) throw AppError.validation({ email: [accountMessages.emailUnchanged] });
  if ((await countHit(db, rateKeys.emailChange(userId), WINDOW_SECONDS)) > EMAIL_CHANGE_LIMIT) throw new AppError('too_many_attempts', 429);
  if (!(await checkCurrentPassword(db, userId, body.currentPassword))) {
    throw AppError.validation({ currentPassword: [profileMessages.currentPasswordWrong] });
  }
  // Said at once, as signup does; checked again when the link is opened (the address may be taken meanwhile).
  if (await addressTaken(db, body.email, userId)) throw AppError.emailTaken();
  await db.transaction(async (tx) => {
    const issued = await issueAccountToken(tx, { who: { id: userId }, purpose: 'email_change', ttlMs: EMAIL_CHANGE_TTL_MS, newEmail: body.email });
    if (!issued) throw AppError.unauthenticated();
    await queueMail(tx, { to: body.email, template: 'email-change-confirm', data: { firstname: user.firstname, path: linkPath(CONFIRM_EMAIL_PAGE, issued.token) } });
    await queueMail(tx, { to: user.email, template: 'email-change-notice', data: { firstname: user.firstname, newEmail: body.email } });
  });
  return { message: accountMessages.emailChangeSent(body.email) };
}

/** "Renvoyer" on the banner: a new confirmation link, a few times an hour per account. */
export async function resendEmailConfirmation(db: Db, userId: number): Promise<AccountMessageResponse> {
  const [user] = await db.select({ id: users.id, email: users.email, firstname: users.firstname, confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  if (user.confirmedAt) throw AppError.invalidTransition(accountMessages.emailAlreadyConfirmed);
  if ((await countHit(db, rateKeys.confirmResend(userId), WINDOW_SECONDS)) > EMAIL_CONFIRM_RESEND_LIMIT) throw new AppError('too_many_attempts', 429);
  await db.transaction((tx) => queueEmailConfirmation(tx, user));
  return { message: accountMessages.confirmationSent(user.email) };
}

/**
 * Opens a link sent by e-mail to an address: the signup confirmation, or an e-mail change. The
 * token is spent in the transaction that acts on it. A change moves the login to the new address
 * (refused if another account took it since), marks it confirmed, and ends every session of the
 * account but the caller's own, when the caller is signed in to it.
 */
export async function confirmEmail(db: Db, token: string, caller: { id: number; sessionId: number } | null): Promise<ConfirmEmailResponse> {
  const purposes = ['email_confirm', 'email_change'] as const;
  const found = await findAccountToken(db, token, [...purposes]);
  if (!found) throw new AppError('invalid_link', 400);
  if (found.purpose === 'email_change' && found.newEmail && (await addressTaken(db, found.newEmail, found.userId))) {
    throw new AppError('email_taken', 409, accountMessages.emailTakenAtConfirmation);
  }
  try {
    return await db.transaction(async (tx) => {
      const spent = await consumeAccountToken(tx, token, [...purposes]);
      if (!spent?.newEmail) throw new AppError('invalid_link', 400);
      if (spent.purpose === 'email_confirm') {
        // Only the address the link was sent to: after a change, an old link confirms nothing.
        const [user] = await tx
          .update(users)
          .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
          .where(and(eq(users.id, spent.userId), eq(users.email, spent.newEmail)))
          .returning({ id: users.id, email: users.email });
        if (!user) throw new AppError('invalid_link', 400);
        // The proven address may have invitations waiting (issue 25): the bell shows them.
        await announcePendingInvitations(tx, user.id);
        return { kind: 'confirmation' as const, email: user.email, user_id: user.id, message: accountMessages.emailConfirmed };
      }
      const [current] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
      if (!current) throw new AppError('invalid_link', 400);
      await tx
        .update(users)
        .set({
          email: spent.newEmail,
          emailConfirmedAt: new Date(),
          searchText: userSearchText({ firstname: current.firstname, lastname: current.lastname, email: spent.newEmail }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, current.id));
      const keep = caller?.id === current.id ? caller.sessionId : null;
      await tx.delete(sessions).where(keep === null ? eq(sessions.userId, current.id) : and(eq(sessions.userId, current.id), ne(sessions.id, keep)));
      // Links sent to the old address (reset, confirmation) or to another new one die with the change.
      await tx.delete(accountTokens).where(and(eq(accountTokens.userId, current.id), sql`${accountTokens.usedAt} is null`));
      return { kind: 'change' as const, email: spent.newEmail, user_id: current.id, message: accountMessages.emailChangedDone(spent.newEmail) };
    });
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('email_taken', 409, accountMessages.emailTakenAtConfirmation);
    throw error;
  }
}
