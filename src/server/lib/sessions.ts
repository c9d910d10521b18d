import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { REMEMBER_SESSION_TTL_MS, SESSION_TTL_MS } from '../../shared/constants';
import type { Role } from '../../shared/roles';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { preparedPerDatabase } from './prepared';

/** Who is calling, as the auth plugin puts it on `request.user`. */
export interface AuthUser {
  id: number;
  role: Role;
  is_valid: boolean;
  email: string;
  firstname: string;
  lastname: string;
  sessionId: number;
}

/** Every authenticated request hashes its token: the one-shot `hash` costs half of `createHash`. */
function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** The columns of `AuthUser`. */
const sessionUserColumns = {
  id: users.id,
  role: users.role,
  is_valid: users.isValid,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  sessionId: sessions.id,
};

/** A live session: its token's hash (placeholder `tokenHash`, see `sessionParams`) and not expired. */
export const liveSession = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`));

/** The placeholders of `liveSession` for this token. */
export function sessionParams(token: string): { tokenHash: string } {
  return { tokenHash: hashToken(token) };
}

/**
 * A route's own read, run with the session lookup in one prepared query (issue 16: one round trip
 * for an authenticated read): the caller, and the data the route answers with, or null when the
 * token is unknown, revoked or expired. The auth plugin runs it instead of `findSessionUser`.
 */
export type SessionRead = (db: Db, token: string) => Promise<{ user: AuthUser; data: unknown } | null>;

/**
 * The two statements every request and every login runs, prepared once per database: building
 * a Drizzle query costs more CPU than PostgreSQL spends answering it.
 */
function prepareStatements(db: Db) {
  return {
    findUser: db
      .select(sessionUserColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSession)
      .limit(1)
      .prepare('ecoforma_session_user'),
    insert: db
      .insert(sessions)
      .values({ userId: sql.placeholder('userId'), tokenHash: sql.placeholder('tokenHash'), expiresAt: sql.placeholder('expiresAt') })
      .prepare('ecoforma_session_insert'),
  };
}
const statements = preparedPerDatabase(prepareStatements);

/** A new session's token (256 random bits handed to the client once) and the row kept of it: only its SHA-256. */
export function newSession(remember: boolean): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? REMEMBER_SESSION_TTL_MS : SESSION_TTL_MS;
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) };
}

/** Opens a session for `userId`; answers its token. */
export async function createSession(db: Db, userId: number, remember = false): Promise<string> {
  const { token, ...row } = newSession(remember);
  await statements(db).insert.execute({ userId, ...row });
  return token;
}

/** The user behind a live token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | null> {
  const [row] = await statements(db).findUser.execute(sessionParams(token));
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, new Date()));
}
