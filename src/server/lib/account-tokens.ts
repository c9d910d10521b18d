import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { LINK_PAGE_PATHS } from '../../shared/password';
import type { Executor } from '../db/client';
import { accountTokens, users } from '../db/schema';

/** What a link sent by e-mail lets its holder do. */
export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** The address of a page opened from an e-mailed link (the mail adds PUBLIC_URL in front). */
export function linkPath(page: (typeof LINK_PAGE_PATHS)[number], token: string): string {
  return `${page}?token=${token}`;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use link token for the account `who` names (by id or by e-mail): 256 random bits,
 * handed out once (in the e-mail), only its SHA-256 kept. Earlier unused tokens of the same
 * purpose stop working: only the latest e-mail's link does. The same two statements run whether
 * or not the account exists (they then change nothing), so the work does not tell; null then.
 */
export async function issueAccountToken(
  tx: Executor,
  { who, purpose, ttlMs, newEmail }: { who: { id: number } | { email: string }; purpose: AccountTokenPurpose; ttlMs: number; newEmail?: string },
): Promise<{ token: string; userId: number } | null> {
  const token = randomBytes(32).toString('base64url');
  const match = 'id' in who ? sql`${users.id} = ${who.id}` : sql`${users.email} = ${who.email}`;
  await tx.execute(sql`delete from ${accountTokens} where purpose = ${purpose} and used_at is null
    and user_id in (select ${users.id} from ${users} where ${match})`);
  const result = await tx.execute<{ user_id: number }>(sql`insert into ${accountTokens} (user_id, purpose, token_hash, new_email, expires_at)
    select ${users.id}, ${purpose}, ${hashLinkToken(token)}, ${newEmail ?? null}, now() + make_interval(secs => ${ttlMs / 1000})
    from ${users} where ${match}
    returning user_id`);
  const row = (result as unknown as { rows: Array<{ user_id: number }> }).rows[0];
  return row ? { token, userId: Number(row.user_id) } : null;
}

/** The live token (unused, not expired) of one of these purposes, without using it. */
export async function findAccountToken(db: Executor, token: string, purposes: AccountTokenPurpose[]) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashLinkToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row && purposes.includes(row.purpose) ? row : null;
}

/**
 * Uses the token: one conditional update, so of two requests racing with the same link exactly
 * one gets the row back. Null when it was unknown, used, expired or of another purpose.
 */
export async function consumeAccountToken(tx: Executor, token: string, purposes: AccountTokenPurpose[]) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.tokenHash, hashLinkToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning();
  return row && purposes.includes(row.purpose) ? row : null;
}

/**
 * The links a new password ends: whoever once had the old password may have asked for them (a
 * reset, an account setup, a move of the login address to their own), and changing or resetting
 * the password is what the owner does to lock them out.
 */
const ENDED_BY_NEW_PASSWORD: AccountTokenPurpose[] = ['password_reset', 'account_setup', 'email_change'];

/** Ends, in the caller's transaction, every pending link a new password must end (ENDED_BY_NEW_PASSWORD). */
export async function endLinksOnNewPassword(tx: Executor, userId: number): Promise<void> {
  await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, ENDED_BY_NEW_PASSWORD), isNull(accountTokens.usedAt)));
}
