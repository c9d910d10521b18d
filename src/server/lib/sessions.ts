import { createHash, randomBytes } from 'node:crypto';
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

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The two statements every request and every login runs, prepared once per database: building
 * a Drizzle query costs more CPU than PostgreSQL spends answering it.
 */
function prepareStatements(db: Db) {
  return {
    findUser: db
      .select({
        id: users.id,
        role: users.role,
        is_valid: users.isValid,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        sessionId: sessions.id,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare('ecoforma_session_user'),
    insert: db
      .insert(sessions)
      .values({ userId: sql.placeholder('userId'), tokenHash: sql.placeholder('tokenHash'), expiresAt: sql.placeholder('expiresAt') })
      .prepare('ecoforma_session_insert'),
  };
}
const statements = preparedPerDatabase(prepareStatements);

/** A new session: 256 random bits handed to the client once, only their SHA-256 kept. */
export async function createSession(db: Db, userId: number, remember = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? REMEMBER_SESSION_TTL_MS : SESSION_TTL_MS;
  await statements(db).insert.execute({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) });
  return token;
}

/** The user behind a live token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | null> {
  const [row] = await statements(db).findUser.execute({ tokenHash: hashToken(token) });
  return row ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, new Date()));
}
