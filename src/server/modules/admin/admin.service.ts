import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ENTRIES_SHOWN,
  SEARCH_COUNT_CAP,
  adminMessages,
  type AdminUser,
  type AdminUserCreateBody,
  type AdminUserCreatedResponse,
  type AdminUserDetail,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type AdminUserUpdateBody,
  type AuditAction,
} from '../../../shared/admin';
import type { Role } from '../../../shared/roles';
import { escapeLike, normalizeSearch } from '../../../shared/text';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditLog, courses, meetingUserCount, meetings, sessions, userCounts, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { AuthUser } from '../../lib/sessions';
import { removeStoredFile, storedFilePath } from '../../lib/storage';

/** The drizzle handle inside `db.transaction`, which offers the same query API as `Db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

type UserListRow = Pick<
  UserRow,
  | 'id'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'role'
  | 'speciality'
  | 'isValid'
  | 'cvPath'
  | 'profilPicture'
  | 'phoneNumber'
  | 'country'
  | 'gender'
  | 'birthdate'
  | 'createdAt'
  | 'rejectedAt'
>;

interface LatestMeeting {
  id: number;
  scheduledAt: Date;
  url: string;
}

function toAdminUser(row: UserListRow, meeting: LatestMeeting | null): AdminUser {
  return {
    id: row.id,
    name: `${row.firstname} ${row.lastname}`,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    speciality: row.speciality,
    is_valid: row.isValid,
    meeting_date: meeting ? meeting.scheduledAt.toISOString() : null,
    meeting_url: meeting ? meeting.url : null,
    meeting_id: meeting ? meeting.id : null,
    cv: row.cvPath !== null,
    profil_picture: row.profilPicture,
    phone_number: row.phoneNumber,
    country: row.country,
    gender: row.gender,
    birthdate: row.birthdate,
    created_at: row.createdAt.toISOString(),
    rejected: row.rejectedAt !== null,
  };
}

function searchCondition(q: string | undefined): SQL | undefined {
  const needle = q ? normalizeSearch(q) : '';
  // The stored search_text is normalised the same way, and its trigram index serves this LIKE.
  return needle ? sql`${users.searchText} like ${`%${escapeLike(needle)}%`}` : undefined;
}

/** Role and validity: the filters the per-bucket counts can answer without reading users. */
function bucketConditions(query: AdminUsersQuery, table: { role: typeof users.role; isValid: typeof users.isValid } | typeof userCounts): SQL[] {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(table.role, query.role));
  if (query.status) conditions.push(eq(table.isValid, query.status === 'approved'));
  return conditions;
}

/**
 * How many users match a search, counting at most SEARCH_COUNT_CAP + 1 of them: a search that
 * matches nearly everyone ('@exemple.fr') would otherwise read every row to say "100,000".
 */
async function countSearch(db: Db, where: SQL | undefined): Promise<{ total: number; capped: boolean }> {
  const matches = db.select({ one: sql`1` }).from(users).where(where).limit(SEARCH_COUNT_CAP + 1).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = row!.n;
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** An instant as the API writes it (what Date.prototype.toISOString gives), computed by the database. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One row of the dashboard query: the counters, then one user of the page (all null when the page is empty). */
interface DashboardRow extends Record<string, unknown> {
  total: number;
  pending: number;
  approved: number;
  meetings: number;
  filtered: number;
  id: number | null;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  speciality: string | null;
  is_valid: boolean;
  cv: boolean;
  profil_picture: string | null;
  phone_number: string | null;
  country: string | null;
  gender: 'female' | 'male' | null;
  birthdate: string | null;
  created_at: string;
  rejected: boolean;
  meeting_id: number | null;
  meeting_date: string | null;
  meeting_url: string | null;
}

/** One page of users, searched and filtered in SQL, with the total and the dashboard counters. */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const search = searchCondition(query.q);
  const buckets = bucketConditions(query, users);
  const conditions = [...(search ? [search] : []), ...buckets];
  if (query.rejected !== undefined) conditions.push(query.rejected ? isNotNull(users.rejectedAt) : isNull(users.rejectedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const countedByBuckets = conditions.length === buckets.length;
  const bucketFilter = bucketConditions(query, userCounts);
  const filtered = countedByBuckets && bucketFilter.length ? and(...bucketFilter) : undefined;
  const offset = (query.page - 1) * query.pageSize;

  // One statement, one round trip. The counters come from the counts the database keeps exact
  // with triggers (migration 0003), so 100,000 users are not counted per request; the page's ids
  // come from an index walk (index-only for the role/status filters), then their rows, then each
  // one's latest meeting: nothing beyond the page is read.
  const result = await db.execute<DashboardRow>(sql`
    with counters as (
      select
        coalesce(sum(${userCounts.n}), 0)::int as total,
        coalesce(sum(${userCounts.n}) filter (where not ${userCounts.isValid}), 0)::int as pending,
        coalesce(sum(${userCounts.n}) filter (where ${userCounts.isValid}), 0)::int as approved,
        coalesce((select ${meetingUserCount.n} from ${meetingUserCount}), 0)::int as meetings,
        coalesce(sum(${userCounts.n}) ${filtered ? sql`filter (where ${filtered})` : sql``}, 0)::int as filtered
      from ${userCounts}
    ),
    page_ids as (
      select ${users.id} as id, ${users.createdAt} as created_at
      from ${users}
      ${where ? sql`where ${where}` : sql``}
      order by ${users.createdAt} desc, ${users.id} desc
      limit ${query.pageSize} offset ${offset}
    )
    select
      c.total, c.pending, c.approved, c.meetings, c.filtered,
      u.id, u.firstname, u.lastname, u.email, u.role, u.speciality, u.is_valid,
      (u.cv_path is not null) as cv, u.profil_picture, u.phone_number, u.country, u.gender,
      u.birthdate::text as birthdate, ${isoText(sql`u.created_at`)} as created_at, (u.rejected_at is not null) as rejected,
      m.id as meeting_id, ${isoText(sql`m.scheduled_at`)} as meeting_date, m.url as meeting_url
    from counters c
    left join (page_ids p join ${users} u on u.id = p.id) on true
    left join lateral (
      select ${meetings.id} as id, ${meetings.scheduledAt} as scheduled_at, ${meetings.url} as url
      from ${meetings}
      where ${meetings.userId} = p.id
      order by ${meetings.createdAt} desc, ${meetings.id} desc
      limit 1
    ) m on true
    order by p.created_at desc, p.id desc
  `);
  // Both drivers (pg and PGlite) answer a raw statement with its rows under `rows`.
  const { rows } = result as { rows: DashboardRow[] };
  const { total: all, pending, approved, meetings: withMeeting, filtered: bucketTotal } = rows[0]!;
  const pageUsers: AdminUser[] = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      name: `${r.firstname} ${r.lastname}`,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      role: r.role,
      speciality: r.speciality,
      is_valid: r.is_valid,
      meeting_date: r.meeting_date,
      meeting_url: r.meeting_url,
      meeting_id: r.meeting_id,
      cv: r.cv,
      profil_picture: r.profil_picture,
      phone_number: r.phone_number,
      country: r.country,
      gender: r.gender,
      birthdate: r.birthdate,
      created_at: r.created_at,
      rejected: r.rejected,
    }));

  // A search's total: a page that is not full already tells it (most searches name one person).
  let total = bucketTotal;
  let totalCapped = false;
  if (!countedByBuckets) {
    if (pageUsers.length < query.pageSize && (pageUsers.length > 0 || query.page === 1)) total = offset + pageUsers.length;
    else ({ total, capped: totalCapped } = await countSearch(db, where));
  }
  return {
    users: pageUsers,
    total,
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
    counters: { total: all, pending, approved, meetings: withMeeting },
  };
}

async function findUser(db: Executor, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw AppError.notFound(adminMessages.userNotFound);
  return user;
}

async function latestMeetingOf(db: Executor, userId: number): Promise<LatestMeeting | null> {
  const [row] = await db
    .select({ id: meetings.id, scheduledAt: meetings.scheduledAt, url: meetings.url })
    .from(meetings)
    .where(eq(meetings.userId, userId))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(1);
  return row ?? null;
}

interface AuditInput {
  actor: Pick<AuthUser, 'id'>;
  target: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email'>;
  action: AuditAction;
  details?: Record<string, unknown>;
  /** Deleted targets keep only their label. */
  keepTargetId?: boolean;
}

async function recordAudit(db: Executor, { actor, target, action, details, keepTargetId = true }: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    targetId: keepTargetId ? target.id : null,
    targetLabel: `${target.firstname} ${target.lastname} <${target.email}>`,
    action,
    details: details ?? null,
  });
}

/** The full record of one user, with the history of what administrators did to them. */
export async function getUserDetail(db: Db, id: number): Promise<AdminUserDetail> {
  const user = await findUser(db, id);
  const [meeting, audit] = await Promise.all([
    latestMeetingOf(db, id),
    db
      .select({
        action: auditLog.action,
        createdAt: auditLog.createdAt,
        details: auditLog.details,
        actorFirstname: users.firstname,
        actorLastname: users.lastname,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(eq(auditLog.targetId, id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_ENTRIES_SHOWN),
  ]);
  return {
    ...toAdminUser(user, meeting),
    cv_original_name: user.cvPath ? user.cvOriginalName : null,
    rejection_reason: user.rejectionReason,
    rejected_at: user.rejectedAt ? user.rejectedAt.toISOString() : null,
    audit: audit.map((a) => ({
      action: a.action,
      actor_name: a.actorFirstname !== null ? `${a.actorFirstname} ${a.actorLastname}` : null,
      created_at: a.createdAt.toISOString(),
      details: a.details ?? null,
    })),
  };
}

/** Approves (true) or revokes (false) an account; a revoked user is signed out everywhere. */
export async function setUserStatus(db: Db, actor: AuthUser, id: number, isValid: boolean): Promise<AdminUser> {
  if (!isValid && actor.id === id) throw new AppError('validation_failed', 422, adminMessages.cannotRevokeSelf);
  return db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    const [updated] = await tx
      .update(users)
      .set(isValid ? { isValid: true, rejectedAt: null, rejectionReason: null, updatedAt: new Date() } : { isValid: false, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!isValid) await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, { actor, target, action: isValid ? 'approve' : 'revoke' });
    return toAdminUser(updated!, await latestMeetingOf(tx, id));
  });
}

/** Refuses a trainer's application; the reason is shown to them on their waiting page. */
export async function rejectTrainer(db: Db, actor: AuthUser, id: number, reason: string | undefined): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (target.role !== 'formateur') throw new AppError('validation_failed', 422, adminMessages.onlyTrainersRejected);
    const rejectionReason = reason ? reason : null;
    const [updated] = await tx
      .update(users)
      .set({ isValid: false, rejectedAt: new Date(), rejectionReason, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, { actor, target, action: 'reject', details: rejectionReason ? { reason: rejectionReason } : undefined });
    return toAdminUser(updated!, await latestMeetingOf(tx, id));
  });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function assertEmailFree(db: Executor, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? eq(users.email, email) : and(eq(users.email, email), ne(users.id, exceptId)))
    .limit(1);
  if (taken) throw new AppError('email_taken', 409, undefined, { email: ['Cette adresse email est déjà utilisée.'] });
}

/** Corrects a user's personal information; the search column follows the new names and email. */
export async function updateUser(db: Db, actor: AuthUser, id: number, body: AdminUserUpdateBody): Promise<AdminUser> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findUser(tx, id);
      await assertEmailFree(tx, body.email, id);
      const changes = {
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        phoneNumber: body.phone_number,
        gender: body.gender,
        birthdate: body.birthdate,
        country: body.country,
        speciality: body.speciality,
      };
      const [updated] = await tx
        .update(users)
        .set({ ...changes, searchText: normalizeSearch(`${body.firstname} ${body.lastname} ${body.email}`), updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((key) => before[key] !== changes[key]);
      await recordAudit(tx, { actor, target: updated!, action: 'update', details: { fields: changed } });
      return toAdminUser(updated!, await latestMeetingOf(tx, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', 409, undefined, { email: ['Cette adresse email est déjà utilisée.'] });
    throw error;
  }
}

const PASSWORD_ALPHABETS = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
};
const TEMPORARY_PASSWORD_LENGTH = 14;

/**
 * A random password meeting the signup rule (upper, lower, digit), without look-alike
 * characters (0/O, 1/l/I) since an administrator reads it out or copies it by hand.
 */
export function generateTemporaryPassword(): string {
  const all = PASSWORD_ALPHABETS.upper + PASSWORD_ALPHABETS.lower + PASSWORD_ALPHABETS.digit;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const chars = [pick(PASSWORD_ALPHABETS.upper), pick(PASSWORD_ALPHABETS.lower), pick(PASSWORD_ALPHABETS.digit)];
  while (chars.length < TEMPORARY_PASSWORD_LENGTH) chars.push(pick(all));
  // Fisher-Yates, so the guaranteed characters are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Creates an account for someone; the temporary password is returned once and only its hash kept. */
export async function createUserAccount(db: Db, actor: AuthUser, body: AdminUserCreateBody): Promise<AdminUserCreatedResponse> {
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  try {
    const user = await db.transaction(async (tx) => {
      await assertEmailFree(tx, body.email);
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          role: body.role,
          // As at signup: a trainer still goes through CV, interview and approval.
          isValid: body.role !== 'formateur',
          searchText: normalizeSearch(`${body.firstname} ${body.lastname} ${body.email}`),
        })
        .returning();
      await recordAudit(tx, { actor, target: created!, action: 'create', details: { role: body.role } });
      return created!;
    });
    return { user: toAdminUser(user, null), temporary_password: temporaryPassword };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', 409, undefined, { email: ['Cette adresse email est déjà utilisée.'] });
    throw error;
  }
}

/**
 * Deletes a user with their sessions, meetings and courses (database cascades), then their
 * files. Files go only after the commit: a rolled-back deletion must not lose a CV.
 */
export async function deleteUser(db: Db, config: Config, actor: AuthUser, id: number): Promise<void> {
  if (actor.id === id) throw new AppError('validation_failed', 422, adminMessages.cannotDeleteSelf);
  const files = await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    const authored = await tx
      .select({ imagePath: courses.imagePath, attachmentPath: courses.attachmentPath })
      .from(courses)
      .where(eq(courses.authorId, id));
    await recordAudit(tx, { actor, target, action: 'delete', keepTargetId: false, details: { user_id: id, role: target.role } });
    await tx.delete(users).where(eq(users.id, id));
    return [target.cvPath, ...authored.flatMap((c) => [c.imagePath, c.attachmentPath])].filter((f): f is string => Boolean(f));
  });
  await Promise.all(files.map((file) => removeStoredFile(config.uploadsDir, file)));
}

export interface CvFile {
  filePath: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/** Where a user's CV is on disk, recording who downloaded it. */
export async function getCvForDownload(db: Db, config: Config, actor: AuthUser, id: number): Promise<CvFile> {
  const user = await findUser(db, id);
  if (!user.cvPath) throw AppError.notFound(adminMessages.cvNotFound);
  const filePath = storedFilePath(config.uploadsDir, user.cvPath);
  const stat = await fs.stat(filePath).catch(() => null);
  if (!stat?.isFile()) throw AppError.notFound(adminMessages.cvNotFound);
  await recordAudit(db, { actor, target: user, action: 'cv_download', details: { file: user.cvOriginalName } });
  return {
    filePath,
    fileName: user.cvOriginalName || 'cv.pdf',
    mimeType: user.cvMimeType || 'application/octet-stream',
    size: stat.size,
  };
}
