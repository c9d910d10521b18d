import type { AdminUser } from '../../../shared/admin';
import type { UserRow } from '../../db/schema';
import type { LatestMeeting } from '../meetings';

/** An instant as a row gives it: a Date from Drizzle, or the ISO text the dashboard's SQL writes. */
type Instant = Date | string;
const iso = (instant: Instant) => (typeof instant === 'string' ? instant : instant.toISOString());

/** The columns an `AdminUser` is made of, whichever query read them. */
export type AdminUserSource = Pick<
  UserRow,
  'id' | 'firstname' | 'lastname' | 'email' | 'role' | 'speciality' | 'isValid' | 'cvPath' | 'profilPicture' | 'phoneNumber' | 'country' | 'gender' | 'birthdate'
> & { createdAt: Instant; rejectedAt: Instant | null; emailConfirmedAt: Instant | null };

/** A user as the administration screens receive them (row → API object, the one place it is done). */
export function toAdminUser(row: AdminUserSource, meeting: LatestMeeting | null): AdminUser {
  return {
    id: row.id,
    name: `${row.firstname} ${row.lastname}`,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    speciality: row.speciality,
    is_valid: row.isValid,
    meeting_date: meeting ? meeting.date : null,
    meeting_url: meeting ? meeting.url : null,
    meeting_id: meeting ? meeting.id : null,
    cv: row.cvPath !== null,
    profil_picture: row.profilPicture,
    phone_number: row.phoneNumber,
    country: row.country,
    gender: row.gender,
    birthdate: row.birthdate,
    created_at: iso(row.createdAt),
    rejected: row.rejectedAt !== null,
    email_confirmed: row.emailConfirmedAt !== null,
  };
}
