import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * One-click unsubscribe links (decision 024, RFC 8058). The token names an account and a
 * subscription (a kind of notification, or another module's mailing such as the weekly digest of
 * opportunities) and is signed (HMAC-SHA-256) with a server secret: nobody can make one for
 * another account or subscription, and no session token ever appears in a mail. The signature also
 * covers the address the mail went to, so links mailed to an address the account no longer
 * uses stop working. It does not expire: an old mail's link must still work (RFC 8058).
 */

/** `<user id>.<subscription>.<signature>`: URL-safe, no padding. Subscription names are `[a-z_]` and unique across modules. */
const TOKEN = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

const SECRET_SETTING = 'unsubscribe_signing_secret';

/** The path the `List-Unsubscribe` header and the mail's footer point to (the API, not a page of the SPA). */
export const UNSUBSCRIBE_PATH_PREFIX = '/api/notifications/unsubscribe/';

/**
 * The signing secret, drawn once and kept in `settings`, so that every API process, and every
 * restart, signs and checks with the same one. The first process to insert wins.
 */
export async function unsubscribeSecret(db: Executor): Promise<Buffer> {
  const read = async () => (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_SETTING)).limit(1))[0]?.value;
  let value = await read();
  if (!value) {
    await db.insert(settings).values({ key: SECRET_SETTING, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    value = await read();
  }
  return Buffer.from(value!);
}

function signature(secret: Buffer, userId: number, subscription: string, email: string): string {
  return createHmac('sha256', secret).update(`ecoforma-unsubscribe:v1:${userId}:${subscription}:${email}`).digest('base64url');
}

export function unsubscribeToken(secret: Buffer, userId: number, subscription: string, email: string): string {
  return `${userId}.${subscription}.${signature(secret, userId, subscription, email)}`;
}

export interface UnsubscribeClaim<S extends string> {
  userId: number;
  subscription: S;
  signature: string;
}

/**
 * The account and subscription a well-formed token claims, if the subscription is one of those the
 * caller serves; the signature is checked with `verifyUnsubscribeToken` once the address is known.
 */
export function parseUnsubscribeToken<S extends string>(token: string, subscriptions: readonly S[]): UnsubscribeClaim<S> | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const subscription = match[2] as S;
  if (!subscriptions.includes(subscription)) return null;
  return { userId: Number(match[1]), subscription, signature: match[3]! };
}

/** Whether the claimed signature is the one this account's current address gives (constant time). */
export function verifyUnsubscribeToken(secret: Buffer, claim: UnsubscribeClaim<string>, email: string): boolean {
  const expected = Buffer.from(signature(secret, claim.userId, claim.subscription, email));
  const received = Buffer.from(claim.signature);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * The account and subscription a link names, once its signature is checked against the account's
 * current address; otherwise `invalid_link` (400) with the caller's French message. An unknown
 * account is refused like a forged signature: the answer tells nothing about ids.
 */
export async function checkUnsubscribeLink<S extends string>(db: Executor, token: string, subscriptions: readonly S[], invalidMessage: string): Promise<{ userId: number; subscription: S }> {
  const claim = parseUnsubscribeToken(token, subscriptions);
  if (!claim) throw new AppError('invalid_link', 400, invalidMessage);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, claim.userId)).limit(1);
  if (!user || !verifyUnsubscribeToken(await unsubscribeSecret(db), claim, user.email)) throw new AppError('invalid_link', 400, invalidMessage);
  return { userId: claim.userId, subscription: claim.subscription };
}
