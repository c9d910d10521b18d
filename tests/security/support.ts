import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import type { Storage } from '../../src/server/lib/storage';
import {
  auditLog,
  conversations,
  messages,
  userBlocks,
  certificates,
  courseReviews,
  courses,
  courseSections,
  enrolments,
  lessonProgress,
  lessons,
  mailOutbox,
  meetings,
  notificationPreferences,
  notifications,
  organisationEnrolments,
  organisationMembers,
  organisations,
  organisationSeats,
  quizAttempts,
  quizQuestions,
  quizzes,
  satisfactionAnswers,
  savedCourses,
  sessions,
  users,
  type UserRow,
} from '../../src/server/db/schema';
import { authHeader, createUser } from '../../src/server/test/factories';
import type { Part } from '../../src/server/test/files';
import { uploadsListing } from '../../src/server/test/uploads';

/**
 * What only the security suites share (access matrix, fuzzing, upload attacks): the actors,
 * a course form's fields and database/folder snapshots. File bytes, multipart bodies and
 * factories come from src/server/test, like every other test's.
 */

/** The roles the access matrix distinguishes, each a signed-in account but the visitor. */
export const roleActors = ['membre', 'organisme', 'formateurPending', 'formateurApproved', 'admin'] as const;
export type RoleActor = (typeof roleActors)[number];

export interface SignedIn {
  user: UserRow;
  headers: { authorization: string };
}

/** A user of the given kind with a live session. */
export async function signedIn(db: Db, kind: RoleActor, overrides: Parameters<typeof createUser>[1] = {}): Promise<SignedIn> {
  const base: Parameters<typeof createUser>[1] =
    kind === 'formateurPending'
      ? { role: 'formateur', isValid: false }
      : kind === 'formateurApproved'
        ? { role: 'formateur', isValid: true }
        : { role: kind };
  const user = await createUser(db, { ...base, ...overrides });
  return { user, headers: await authHeader(db, user) };
}

/** The text fields of a valid course. */
export function courseFieldParts(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    title: 'Jardins partagés en ville',
    description: 'Créer et animer un jardin partagé dans son quartier, de la parcelle à la récolte.',
    category: 'biodiversite',
    price: '59',
    duration: '3 semaines',
    ...overrides,
  };
  return Object.entries(fields).map(([name, data]) => ({ name, data }));
}

// ---------------------------------------------------------------------------------------------
// What is in the database and on disk.

/** The stored names the database references (CVs, course images and attachments). */
export async function referencedFiles(db: Db): Promise<string[]> {
  const [userFiles, courseFiles] = await Promise.all([
    db.select({ cv: users.cvPath }).from(users),
    db.select({ image: courses.imagePath, attachment: courses.attachmentPath }).from(courses),
  ]);
  return [...userFiles.map((u) => u.cv), ...courseFiles.flatMap((c) => [c.image, c.attachment])]
    .filter((name): name is string => Boolean(name))
    .sort();
}

/** The storage holds exactly the referenced files: no temporary file, no orphan. */
export async function expectNoStrayFile(db: Db, storage: Storage): Promise<void> {
  expect(await uploadsListing(storage)).toEqual(await referencedFiles(db));
}

/**
 * Everything a request could change, as one comparable value: the rows of every table that
 * holds user data, and the stored files. Used to prove that a refused call changed nothing.
 */
const fingerprintedTables = [
  users,
  sessions,
  courses,
  enrolments,
  savedCourses,
  meetings,
  auditLog,
  courseSections,
  lessons,
  lessonProgress,
  quizzes,
  quizQuestions,
  quizAttempts,
  courseReviews,
  certificates,
  satisfactionAnswers,
  notifications,
  notificationPreferences,
  mailOutbox,
  organisations,
  organisationMembers,
  organisationSeats,
  organisationEnrolments,
  conversations,
  messages,
  userBlocks,
];

export async function stateFingerprint(db: Db, storage: Storage): Promise<string> {
  // Each table's number of rows and its newest row version (xmin, the transaction that wrote it), in
  // one statement: an insert, an update (even to the same values) or a delete changes one of them.
  // Hashing every row's text, sorted, twice per refused call was most of the matrix's time.
  const digests = sql.join(
    fingerprintedTables.map((table) => sql`(SELECT count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) FROM ${table} t)`),
    sql`, `,
  );
  const result = await db.execute(sql`SELECT concat_ws(',', ${digests}) AS digest`);
  const { rows } = result as { rows: { digest: string }[] };
  return JSON.stringify([rows[0]!.digest, await uploadsListing(storage)]);
}

/** The API's error body: `{ error_code, message, errors? }` with French text. */
export function expectErrorBody(res: LightMyRequestResponse, code?: string): { error_code: string; message: string } {
  expect(res.headers['content-type'], `${res.statusCode} ${res.body.slice(0, 200)}`).toMatch(/^application\/json/);
  const body = res.json() as { error_code: unknown; message: unknown; errors?: unknown };
  expect(typeof body.error_code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (code) expect(body.error_code).toBe(code);
  return body as { error_code: string; message: string };
}
