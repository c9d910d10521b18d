import { eq } from 'drizzle-orm';
import { LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { clearHits, countHit, rateKeys } from '../../lib/rate-limits';

/**
 * Checks the password of a signed-in user who asks for a sensitive change (their login e-mail),
 * counted on the same lockout as the login form, so a stolen session cannot guess it either.
 * Answers false for a wrong password; throws account_locked past the limit.
 */
export async function checkCurrentPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthenticated();
  const key = rateKeys.loginEmail(user.email);
  if ((await countHit(db, key, LOCKOUT_WINDOW_MS / 1000)) > LOCKOUT_FAILURES) throw new AppError('account_locked', 423);
  if (!(await verifyPassword(user.passwordHash, password))) return false;
  await clearHits(db, key);
  return true;
}
