import { and, eq, ne, sql } from 'drizzle-orm';
import { changesLoginEmail, profileMessages, type Profile, type ProfileUpdate } from '../../../shared/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkCurrentPassword } from '../../lib/current-password';
import { isUniqueViolation } from '../../lib/db-errors';
import { attendeeRoomUrl, latestMeetingQuery } from '../../lib/meetings';
import { preparedPerDatabase } from '../../lib/prepared';
import { userSearchText } from '../../lib/search-text';

/** The user and their current interview (lib/meetings.ts chooses it) in one query. */
function prepareStatements(db: Db) {
  const latest = latestMeetingQuery(db, users.id).as('latest_meeting');
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
        meetingDate: latest.scheduledAt,
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
const statements = preparedPerDatabase(prepareStatements);

/** The caller's own profile (spec section 7). */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await statements(db).profile.execute({ userId });
  if (!row) throw AppError.notFound();
  const { meetingDate, meeting_url: url, ...profile } = row;
  const meeting_date = meetingDate ? new Date(meetingDate).toISOString() : null;
  return { ...profile, meeting_date, meeting_url: meeting_date && url ? attendeeRoomUrl({ date: meeting_date, url }) : null };
}

/**
 * Whoever holds a session must also know the password to move the account to another login
 * e-mail: a session left open on a shared computer must not be enough to take the account over.
 * A taken address is refused first (signup tells as much), then the password is checked, counted
 * on the login lockout.
 */
async function assertMayChangeEmail(db: Db, userId: number, data: ProfileUpdate): Promise<void> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw AppError.unauthenticated();
  if (!changesLoginEmail(current.email, data.email)) return;
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, data.email), ne(users.id, userId))).limit(1);
  if (taken) throw AppError.emailTaken();
  if (!data.currentPassword) throw AppError.validation({ currentPassword: [profileMessages.currentPasswordRequired] });
  if (!(await checkCurrentPassword(db, userId, data.currentPassword))) {
    throw AppError.validation({ currentPassword: [profileMessages.currentPasswordWrong] });
  }
}

/** Saves what a user may change about themselves; approval and meetings are not among it. */
export async function updateProfile(db: Db, userId: number, data: ProfileUpdate): Promise<Profile> {
  await assertMayChangeEmail(db, userId, data);
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
        searchText: userSearchText({ firstname: data.firstName, lastname: data.lastName, email: data.email }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.emailTaken();
    throw error;
  }
  return getProfile(db, userId);
}
