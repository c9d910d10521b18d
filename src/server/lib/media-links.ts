import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/**
 * Signed media links (decision 017): a `<video>`, `<track>` or PDF `<iframe>` cannot send the
 * bearer header, and no session token may appear in a URL. The API hands out, after checking who
 * may read the lesson, an address `/api/media/<token>` whose token is a capability for ONE file of
 * ONE lesson, in ONE version, until an expiry; it is signed with a server secret (HMAC-SHA-256),
 * so it cannot be forged, widened to another file, or extended.
 */

/** What a link opens: the file shown in the page, the same file as a download, or a video's captions. */
export type MediaKind = 'file' | 'download' | 'captions';

const kindCodes: Record<MediaKind, string> = { file: 'f', download: 'd', captions: 'c' };
const kindsByCode = new Map(Object.entries(kindCodes).map(([kind, code]) => [code, kind as MediaKind]));

/** `<lesson>-<kind>-<version>-<expiry in seconds>-<signature>`: URL-safe, no padding. */
const TOKEN = /^(\d{1,10})-([fdc])-([0-9a-f]{16})-(\d{1,12})-([A-Za-z0-9_-]{43})$/;

/** Expiries are rounded up to this step, so links stay the same between nearby calls (a player does not reload). */
const EXPIRY_STEP_SECONDS = 600;

export interface MediaClaim {
  lessonId: number;
  kind: MediaKind;
  /** fileVersion() of the stored file the link was made for. */
  version: string;
  expiresAt: Date;
}

/**
 * A short fingerprint of the stored file's name: every upload gets a new random name, so a
 * replaced file's old links no longer match.
 */
export function fileVersion(storedName: string): string {
  return createHash('sha256').update(storedName).digest('hex').slice(0, 16);
}

export class MediaSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
  ) {}

  private signature(lessonId: number, code: string, version: string, expiry: number): string {
    return createHmac('sha256', this.secret).update(`ecoforma-media:v1:${lessonId}:${code}:${version}:${expiry}`).digest('base64url');
  }

  /** A link to `storedName` as lesson `lessonId`'s `kind`, valid for the configured time (rounded up). */
  sign(lessonId: number, kind: MediaKind, storedName: string, now = Date.now()): { url: string; expiresAt: Date } {
    const expiry = Math.ceil((now / 1000 + this.ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const code = kindCodes[kind];
    const version = fileVersion(storedName);
    const token = `${lessonId}-${code}-${version}-${expiry}-${this.signature(lessonId, code, version, expiry)}`;
    return { url: `/api/media/${token}`, expiresAt: new Date(expiry * 1000) };
  }

  /** What the token grants, or null when it is malformed, forged, altered or expired. */
  verify(token: string, now = Date.now()): MediaClaim | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, lesson, code, version, expiryText, given] = match as unknown as [string, string, string, string, string, string];
    const lessonId = Number(lesson);
    const expiry = Number(expiryText);
    const expected = Buffer.from(this.signature(lessonId, code, version, expiry));
    const received = Buffer.from(given);
    if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
    if (expiry * 1000 <= now) return null;
    return { lessonId, kind: kindsByCode.get(code)!, version, expiresAt: new Date(expiry * 1000) };
  }
}

const SECRET_SETTING = 'media_signing_secret';

/**
 * The signing secret: MEDIA_SIGNING_SECRET, else one drawn once and kept in `settings`, so every
 * API process (and every restart) signs and checks with the same one. The first process to insert
 * wins; the others read its value.
 */
export async function mediaSigningSecret(db: Db, config: Pick<Config, 'mediaSigningSecret'>): Promise<Buffer> {
  if (config.mediaSigningSecret) return Buffer.from(config.mediaSigningSecret);
  await db
    .insert(settings)
    .values({ key: SECRET_SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_SETTING)).limit(1);
  return Buffer.from(row!.value);
}

export async function createMediaSigner(db: Db, config: Pick<Config, 'mediaSigningSecret' | 'mediaUrlTtlSeconds'>): Promise<MediaSigner> {
  return new MediaSigner(await mediaSigningSecret(db, config), config.mediaUrlTtlSeconds);
}

/**
 * The signer, its secret read on first use and kept: building the application queries nothing, so
 * that the start builds it while the database opens. A failed read is tried again next time.
 */
export function lazyMediaSigner(db: Db, config: Pick<Config, 'mediaSigningSecret' | 'mediaUrlTtlSeconds'>): () => Promise<MediaSigner> {
  let signer: Promise<MediaSigner> | undefined;
  return () =>
    (signer ??= createMediaSigner(db, config).catch((error: unknown) => {
      signer = undefined;
      throw error;
    }));
}
