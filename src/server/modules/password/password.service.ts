import { eq, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_LIMIT_PER_ADDRESS, FORGOT_PASSWORD_LIMIT_PER_EMAIL, FORGOT_PASSWORD_WINDOW_MS, PASSWORD_RESET_TTL_MS } from '../../../shared/constants';
import { passwordMessages, RESET_PASSWORD_PAGE, type ForgotPasswordResponse, type ResetPasswordResponse } from '../../../shared/password';
import type { Db } from '../../db/client';
import { mailOutbox, sessions, users } from '../../db/schema';
import { consumeAccountToken, endLinksOnNewPassword, findAccountToken, issueAccountToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { queueMail } from '../../lib/mail/outbox';
import { hashPassword } from '../../lib/passwords';
import { clearHits, countHit, rateKeys } from '../../lib/rate-limits';

const WINDOW_SECONDS = FORGOT_PASSWORD_WINDOW_MS / 1000;

/**
 * "Mot de passe oublié ?". The same answer, and the same work, whether an account has this
 * e-mail or not: both counters are hit, a token is drawn and hashed, one statement inserts it
 * and one queues the e-mail, each writing only if the account exists. An unknown e-mail is
 * limited as often as a real one, so the limit does not tell them apart either.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string): Promise<ForgotPasswordResponse> {
  if ((await countHit(db, rateKeys.forgotAddress(ip), WINDOW_SECONDS)) > FORGOT_PASSWORD_LIMIT_PER_ADDRESS) throw new AppError('too_many_attempts', 429);
  if ((await countHit(db, rateKeys.forgotEmail(email), WINDOW_SECONDS)) > FORGOT_PASSWORD_LIMIT_PER_EMAIL) throw new AppError('too_many_attempts', 429);
  await db.transaction(async (tx) => {
    const issued = await issueAccountToken(tx, { who: { email }, purpose: 'password_reset', ttlMs: PASSWORD_RESET_TTL_MS });
    // The same statement either way, writing the mail only when the account exists: the outbox
    // insert is the work that once told a known address from an unknown one. Its data is the
    // 'password-reset' template's ({ firstname, path }).
    const path = linkPath(RESET_PASSWORD_PAGE, issued?.token ?? '');
    await tx.execute(sql`insert into ${mailOutbox} (recipient, template, data)
      select ${email}, 'password-reset', jsonb_build_object('firstname', u.firstname, 'path', ${path}::text)
      from ${users} u where u.email = ${email}`);
  });
  return { message: passwordMessages.forgotAccepted };
}

/**
 * Sets a new password from a reset or account-setup link: the token is spent in the same
 * transaction that changes the password, signs every session out, forgets the login lockout and
 * queues the "mot de passe modifié" e-mail.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<ResetPasswordResponse> {
  const purposes = ['password_reset', 'account_setup'] as const;
  // Checked before hashing, so a forged or spent link costs no argon2 hash.
  if (!(await findAccountToken(db, token, [...purposes]))) throw new AppError('invalid_link', 400);
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, token, [...purposes]);
    if (!spent) return null;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        // The link came to this address: it is confirmed.
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email, firstname: users.firstname });
    if (!user) return null;
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    // Every other live reset, setup or address-change link of the account dies with this one.
    await endLinksOnNewPassword(tx, spent.userId);
    await queueMail(tx, { to: user.email, template: 'password-changed', data: { firstname: user.firstname } });
    return { user, purpose: spent.purpose };
  });
  if (!done) throw new AppError('invalid_link', 400);
  await clearHits(db, rateKeys.loginEmail(done.user.email));
  return { message: done.purpose === 'account_setup' ? passwordMessages.setupDone : passwordMessages.resetDone };
}
