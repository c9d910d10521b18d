import { desc, eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '../../../shared/profile';
import { normalizeSearch } from '../../../shared/text';
import type { Db } from '../../db/client';
import { meetings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { emailTakenError, isUniqueViolation } from '../auth/auth.service';

/**
 * The user and their current interview in one query. The meeting is chosen as
 * `latestMeeting` (lib/meetings.ts) chooses it: latest created first.
 */
function prepareStatements(db: Db) {
  const latest = db
    .select({ date: meetings.scheduledAt, url: meetings.url })
    .from(meetings)
    .where(eq(meetings.userId, users.id))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(1)
    .as('latest_meeting');
  return {
    profile: db
      .select({
        id: users.id,
        role: users.role,
        firstname: users.firstname,
        lastname: users.lastname,
        phone_number: users.phoneNumber,
        email: users.email,
        birthdate: users.birthdate,
        gender: users.gender,
        meetingDate: latest.date,
        meeting_url: latest.url,
        is_valid: users.isValid,
      })
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .where(eq(users.id, sql.placeholder('userId')))
      // Prepared once per database: building the query would cost more than running it.
      .prepare('ecoforma_profile'),
  };
}
const statementsByDb = new WeakMap<Db, ReturnType<typeof prepareStatements>>();
function statements(db: Db) {
  let prepared = statementsByDb.get(db);
  if (!prepared) statementsByDb.set(db, (prepared = prepareStatements(db)));
  return prepared;
}

/** The caller's own profile (spec section 7). */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await statements(db).profile.execute({ userId });
  if (!row) throw AppError.notFound();
  const { meetingDate, ...profile } = row;
  return { ...profile, meeting_date: meetingDate ? new Date(meetingDate).toISOString() : null };
}

/** Saves what a user may change about themselves; approval and meetings are not among it. */
export async function updateProfile(db: Db, userId: number, data: ProfileUpdate): Promise<Profile> {
  try {
    await db
      .update(users)
      .set({
        firstname: data.firstName,
        lastname: data.lastName,
        email: data.email,
        phoneNumber: data.phoneNumber,
        birthdate: data.birthDate,
        gender: data.gender,
        searchText: normalizeSearch(`${data.firstName} ${data.lastName} ${data.email}`),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return getProfile(db, userId);
}
