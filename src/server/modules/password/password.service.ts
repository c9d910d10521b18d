import { eq, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_LIMIT_PER_ADDRESS, FORGOT_PASSWORD_LIMIT_PER_EMAIL, FORGOT_PASSWORD_WINDOW_MS, PASSWORD_RESET_TTL_MS } from '../../../shared/constants';
import { passwordMessages, RESET_PASSWORD_PAGE, type ForgotPasswordResponse, type ResetPasswordResponse } from '../../../shared/password';
import type { Db } from '../../db/client';
import { accountTokens, sessions, users } from '../../db/schema';
import { consumeAccountToken, findAccountToken, issueAccountToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { queueMail } from '../../lib/mail/outbox';
import { hashPassword } from '../../lib/passwords';
import { clearHits, countHit, rateKeys } from '../../lib/rate-limits';

const WINDOW_SECONDS = FORGOT_PASSWORD_WINDOW_MS / 1000;

/**
 * "Mot de passe oublié ?". The same answer, and the same work, whether an account has this
 * e-mail or not: both counters are hit, a token is drawn and hashed, and one statement inserts
 * it only if the account exists; the e-mail is the only extra write. An unknown e-mail is
 * limited as often as a real one, so the limit does not tell them apart either.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string): Promise<ForgotPasswordResponse> {
  if ((await countHit(db, rateKeys.forgotAddress(ip), WINDOW_SECONDS)) > FORGOT_PASSWORD_LIMIT_PER_ADDRESS) throw new AppError('too_many_attempts', 429);
  if ((await countHit(db, rateKeys.forgotEmail(email), WINDOW_SECONDS)) > FORGOT_PASSWORD_LIMIT_PER_EMAIL) throw new AppError('too_many_attempts', 429);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, firstname: users.firstname }).from(users).where(eq(users.email, email)).limit(1);
    const issued = await issueAccountToken(tx, { who: { email }, purpose: 'password_reset', ttlMs: PASSWORD_RESET_TTL_MS });
    if (user && issued) await queueMail(tx, { to: email, template: 'password-reset', data: { firstname: user.firstname, path: linkPath(RESET_PASSWORD_PAGE, issued.token) } });
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
    // Any other live reset link of the account dies with this one.
    await tx.delete(accountTokens).where(sql`${accountTokens.userId} = ${spent.userId} and ${accountTokens.purpose} in ('password_reset', 'account_setup') and ${accountTokens.usedAt} is null`);
    await queueMail(tx, { to: user.email, template: 'password-changed', data: { firstname: user.firstname } });
    return { user, purpose: spent.purpose };
  });
  if (!done) throw new AppError('invalid_link', 400);
  await clearHits(db, rateKeys.loginEmail(done.user.email));
  return { message: done.purpose === 'account_setup' ? passwordMessages.setupDone : passwordMessages.resetDone };
}
