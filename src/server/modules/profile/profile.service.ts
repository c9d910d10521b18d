import { and, eq, ne, sql } from 'drizzle-orm';
import { accountMessages } from '../../../shared/account';
import type { OrganisationProfileUpdate } from '../../../shared/organisations';
import { profileMessages, type Profile, type ProfileUpdate } from '../../../shared/profile';
import { passwordMessages, type ChangePassword } from '../../../shared/password';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { endLinksOnNewPassword } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { checkCurrentPassword } from '../auth';
import { queueMail } from '../../lib/mail/outbox';
import { assertSiretFree, findOrganisationDetails, isSiretViolation, saveOrganisation, siretTaken } from '../organisations';
import { hashPassword } from '../../lib/passwords';
import { attendeeRoomUrl, latestMeetingQuery } from '../meetings';
import { preparedPerDatabase } from '../../lib/prepared';
import { userSearchText } from '../../lib/search-text';
import { liveSession, sessionParams, type SessionRead } from '../../lib/sessions';

/** The user and their current interview (lib/meetings.ts chooses it) in one query. */
function prepareStatements(db: Db) {
  const latest = latestMeetingQuery(db, users.id).as('latest_meeting');
  const profileColumns = {
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
    emailConfirmedAt: users.emailConfirmedAt,
  };
  return {
    profile: db
      .select(profileColumns)
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .where(eq(users.id, sql.placeholder('userId')))
      // Prepared once per database: building the query would cost more than running it.
      .prepare('ecoforma_profile'),
    // The caller's session and their profile together: GET /api/user/profile in one round trip (decision 028).
    // Flat, each column read once: Drizzle maps a nested selection column by column with more work.
    bySession: db
      .select({ ...profileColumns, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoinLateral(latest, sql`true`)
      .where(liveSession)
      .limit(1)
      .prepare('ecoforma_profile_by_session'),
  };
}
const statements = preparedPerDatabase(prepareStatements);

/**
 * The statement GET /api/user/profile runs, its placeholders filled by `sessionParams(token)`. The
 * bench's bare Fastify route runs this very statement (issue 30: "the same primary-key select").
 */
export function profileBySessionStatement(db: Db) {
  return statements(db).bySession;
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof statements>['profile']['execute']>>[number];

/**
 * The profile from its row; an organisation's comes with its details (null until given,
 * decision 025), read by a second query: only organisations pay for it. Built field by field:
 * every authenticated GET /api/user/profile runs it (issue 16, goal 2).
 */
async function toProfile(db: Db, row: ProfileRow): Promise<Profile> {
  const meeting_date = row.meetingDate ? new Date(row.meetingDate).toISOString() : null;
  const profile: Profile = {
    id: row.id,
    role: row.role,
    firstname: row.firstname,
    lastname: row.lastname,
    phone_number: row.phone_number,
    email: row.email,
    birthdate: row.birthdate,
    gender: row.gender,
    is_valid: row.is_valid,
    meeting_date,
    meeting_url: meeting_date && row.meeting_url ? attendeeRoomUrl({ date: meeting_date, url: row.meeting_url }) : null,
    email_confirmed: row.emailConfirmedAt !== null,
  };
  if (profile.role === 'organisme') profile.organisation = await findOrganisationDetails(db, profile.id);
  return profile;
}

/** The caller's own profile (spec section 7). */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await statements(db).profile.execute({ userId });
  if (!row) throw AppError.notFound();
  return toProfile(db, row);
}

/**
 * The `sessionRead` of GET /api/user/profile: the caller behind a live token and their profile,
 * in one prepared query; null when the token is unknown, revoked or expired.
 */
export const profileWithSession: SessionRead = async (db, token) => {
  const [row] = await profileBySessionStatement(db).execute(sessionParams(token));
  if (!row) return null;
  const { id, role, is_valid, email, firstname, lastname, sessionId } = row;
  return { user: { id, role, is_valid, email, firstname, lastname, sessionId }, data: await toProfile(db, row) };
};

/** Saves what a user may change about themselves; approval, meetings and the login e-mail are not among it. */
export async function updateProfile(db: Db, userId: number, data: ProfileUpdate): Promise<Profile> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw AppError.unauthenticated();
  // A new login e-mail is proved by a link sent to it (POST /api/user/email/change), never saved from here.
  if (current.email !== data.email) throw AppError.validation({ email: [accountMessages.emailChangeElsewhere] });
  await db
    .update(users)
    .set({
      firstname: data.firstName,
      lastname: data.lastName,
      phoneNumber: data.phoneNumber,
      birthdate: data.birthDate,
      gender: data.gender,
      searchText: userSearchText({ firstname: data.firstName, lastname: data.lastName, email: current.email }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}

/**
 * Saves an organisation's details and its contact person (the account's names and phone), under
 * the same rule as a person's profile for the login e-mail (it does not change here). No gender
 * nor birth date. The SIRET stays unique: checked first, the unique index deciding races.
 */
export async function updateOrganisationProfile(db: Db, userId: number, data: OrganisationProfileUpdate): Promise<Profile> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw AppError.unauthenticated();
  if (current.email !== data.email) throw AppError.validation({ email: [accountMessages.emailChangeElsewhere] });
  await assertSiretFree(db, data.siret, userId);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          firstname: data.firstname,
          lastname: data.lastname,
          phoneNumber: data.phone_number,
          searchText: userSearchText({ firstname: data.firstname, lastname: data.lastname, email: current.email }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      await saveOrganisation(tx, userId, data, current.email);
    });
  } catch (error) {
    if (isSiretViolation(error)) throw siretTaken();
    throw error;
  }
  return getProfile(db, userId);
}

/**
 * Changes the password from the settings: the current one is required (counted on the login
 * lockout, so a stolen session cannot guess it), every other session of the account ends, and
 * the owner is told by e-mail.
 */
export async function changePassword(db: Db, caller: { id: number; sessionId: number }, body: ChangePassword): Promise<{ message: string }> {
  if (!(await checkCurrentPassword(db, caller.id, body.currentPassword))) {
    throw AppError.validation({ currentPassword: [profileMessages.currentPasswordWrong] });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, caller.id)).returning({ email: users.email, firstname: users.firstname });
    if (!user) throw AppError.unauthenticated();
    await tx.delete(sessions).where(and(eq(sessions.userId, caller.id), ne(sessions.id, caller.sessionId)));
    await endLinksOnNewPassword(tx, caller.id);
    await queueMail(tx, { to: user.email, template: 'password-changed', data: { firstname: user.firstname } });
  });
  return { message: passwordMessages.changed };
}
