import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { notificationKinds, type NotificationKind } from '../../../shared/notifications';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * One-click unsubscribe links (decision 024, RFC 8058). The token names an account and a kind of
 * notification and is signed (HMAC-SHA-256) with a server secret: nobody can make one for
 * another account or kind, and no session token ever appears in a mail. The signature also
 * covers the address the mail went to, so links mailed to an address the account no longer
 * uses stop working. It does not expire: an old mail's link must still work (RFC 8058).
 */

/** `<user id>.<kind>.<signature>`: URL-safe, no padding. */
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

function signature(secret: Buffer, userId: number, kind: NotificationKind, email: string): string {
  return createHmac('sha256', secret).update(`ecoforma-unsubscribe:v1:${userId}:${kind}:${email}`).digest('base64url');
}

export function unsubscribeToken(secret: Buffer, userId: number, kind: NotificationKind, email: string): string {
  return `${userId}.${kind}.${signature(secret, userId, kind, email)}`;
}

/** The account and kind a well-formed token claims; the signature is checked with `verifyUnsubscribeToken` once the address is known. */
export function parseUnsubscribeToken(token: string): { userId: number; kind: NotificationKind; signature: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const kind = match[2] as NotificationKind;
  if (!notificationKinds.includes(kind)) return null;
  return { userId: Number(match[1]), kind, signature: match[3]! };
}

/** Whether the claimed signature is the one this account's current address gives (constant time). */
export function verifyUnsubscribeToken(secret: Buffer, claim: { userId: number; kind: NotificationKind; signature: string }, email: string): boolean {
  const expected = Buffer.from(signature(secret, claim.userId, claim.kind, email));
  const received = Buffer.from(claim.signature);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
