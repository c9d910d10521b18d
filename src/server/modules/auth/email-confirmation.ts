import { EMAIL_CONFIRM_TTL_MS } from '../../../shared/constants';
import { CONFIRM_EMAIL_PAGE } from '../../../shared/password';
import type { Executor } from '../../db/client';
import { issueAccountToken, linkPath } from '../../lib/account-tokens';
import { queueMail } from '../../lib/mail/outbox';

/**
 * Queues the "confirmez votre adresse" e-mail of an account, in the caller's transaction (signup,
 * "Renvoyer"): a new single-use link for the address the account has now, the earlier ones dead.
 * The token remembers the address, so a link can never confirm an address it was not sent to.
 */
export async function queueEmailConfirmation(tx: Executor, user: { id: number; email: string; firstname: string }): Promise<void> {
  const issued = await issueAccountToken(tx, { who: { id: user.id }, purpose: 'email_confirm', ttlMs: EMAIL_CONFIRM_TTL_MS, newEmail: user.email });
  if (!issued) return;
  await queueMail(tx, { to: user.email, template: 'email-confirm', data: { firstname: user.firstname, path: linkPath(CONFIRM_EMAIL_PAGE, issued.token) } });
}
