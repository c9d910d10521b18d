import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { emailSchema } from '../../../shared/auth';
import {
  IMPORT_MAX_ROWS,
  INACTIVE_DAYS,
  INVITATION_TTL_MS,
  memberStatuses,
  organisationMessages,
  progressStatusLabels,
  type AdminOrganisation,
  type AdminOrganisationsQuery,
  type AdminOrganisationsResponse,
  type DashboardQuery,
  type DashboardResponse,
  type DashboardRow,
  type EnrolResult,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  type InvitationSummary,
  type InviteResponse,
  type MemberStatus,
  type MembersQuery,
  type MyOrganisation,
  type OrganisationCourse,
  type OrganisationMember,
  type OrganisationMembersResponse,
} from '../../../shared/organisations';
import { JOIN_ORGANISATION_PAGE, SIGNUP_PAGE } from '../../../shared/password';
import { progressPercent } from '../../../shared/learning';
import { escapeLike, normalizeSearch } from '../../../shared/text';
import type { Db, Executor } from '../../db/client';
import { courses, organisationEnrolments, organisationMembers, organisations, organisationSeats, users } from '../../db/schema';
import { hashLinkToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { parseCsv, toCsv } from '../../lib/csv';
import { isUniqueViolation } from '../../lib/db-errors';
import { enrol, learnerCourseProgress } from '../enrolments';
import { queueMails } from '../../lib/mail/outbox';
import { notify } from '../notifications';
import { toOrganisationDetails } from './organisation-details';
import type { AuthUser } from '../../lib/sessions';
import { webPaths } from '../../../shared/web-paths';
import { formatShortDateTime } from '../../../shared/french-format';

/**
 * Organisations (issue 15, decision 025). The rules every query below keeps:
 * - an organisation reads a user (name, progress) only through one of its own `active` rows of
 *   organisation_members, the learner's consent; a row that is invited, declined, left or removed
 *   gives nothing but the address the organisation typed itself;
 * - a learner acts only on an invitation whose link they hold and that names their account's
 *   e-mail, and only on their own memberships;
 * - seats are taken by one conditional update (`used + n <= seats`), never read-then-written.
 */

const EXPIRES_IN_DAYS = Math.round(INVITATION_TTL_MS / 86_400_000);

/** `execute` answers `{ rows }` on both drivers (PGlite and node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function likePattern(q: string): string {
  return `%${escapeLike(normalizeSearch(q))}%`;
}

/** The caller's organisation; an account without its details yet (created by an administrator) must give them first. */
export async function requireOrganisation(db: Executor, userId: number): Promise<{ id: number; name: string }> {
  const [row] = await db.select({ id: organisations.userId, name: organisations.name }).from(organisations).where(eq(organisations.userId, userId)).limit(1);
  if (!row) throw AppError.invalidTransition(organisationMessages.detailsMissing);
  return row;
}

function newInvitationToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) };
}

/** Where the invitation's link leads: the join confirmation for an existing account, the prefilled signup otherwise. */
function invitationPath(token: string, hasAccount: boolean): string {
  return hasAccount ? linkPath(JOIN_ORGANISATION_PAGE, token) : `${SIGNUP_PAGE}?invitation=${token}`;
}

// ---------------------------------------------------------------------------------------------
// Members

interface MemberRow extends Record<string, unknown> {
  id: number;
  email: string;
  status: MemberStatus;
  user_id: number | null;
  name: string | null;
  invited_at: Date | string;
  expires_at: Date | string;
  joined_at: Date | string | null;
  ended_at: Date | string | null;
  total: number;
}

/** Only an active row joins the users table: the others show the address the organisation typed, nothing more. */
function memberSelect(organisationId: number, where: SQL = sql`true`): SQL {
  return sql`select m.id, m.email, m.status, case when m.status = 'active' then m.user_id end as user_id,
      case when m.status = 'active' then u.firstname || ' ' || u.lastname end as name,
      m.invited_at, m.expires_at, m.joined_at, m.ended_at, (count(*) over ())::int as total
    from ${organisationMembers} m
    left join ${users} u on u.id = m.user_id and m.status = 'active'
    where m.organisation_id = ${organisationId} and ${where}`;
}

async function coursesOfMembers(db: Executor, organisationId: number, userIds: number[]): Promise<Map<number, { id: number; title: string }[]>> {
  const byUser = new Map<number, { id: number; title: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: organisationEnrolments.userId, id: courses.id, title: courses.title })
    .from(organisationEnrolments)
    .innerJoin(courses, eq(courses.id, organisationEnrolments.courseId))
    .where(and(eq(organisationEnrolments.organisationId, organisationId), inArray(organisationEnrolments.userId, userIds)))
    .orderBy(asc(courses.title), asc(courses.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, title: row.title });
    byUser.set(row.userId, list);
  }
  return byUser;
}

async function toMembers(db: Executor, organisationId: number, rows: MemberRow[]): Promise<OrganisationMember[]> {
  const active = rows.filter((r) => r.status === 'active' && r.user_id !== null).map((r) => Number(r.user_id));
  const coursesByUser = await coursesOfMembers(db, organisationId, active);
  const now = Date.now();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    status: r.status,
    expired: r.status === 'invited' && new Date(r.expires_at).getTime() <= now,
    name: r.status === 'active' ? r.name : null,
    invited_at: iso(r.invited_at)!,
    joined_at: r.status === 'active' ? iso(r.joined_at) : null,
    ended_at: iso(r.ended_at),
    courses: r.status === 'active' && r.user_id !== null ? (coursesByUser.get(Number(r.user_id)) ?? []) : [],
  }));
}

/** The organisation's members and invitations, active members first, newest invitations first. */
export async function listMembers(db: Db, organisationId: number, query: MembersQuery): Promise<OrganisationMembersResponse> {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`m.status = ${query.status}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(sql`(m.email like ${pattern} or (m.status = 'active' and u.search_text like ${pattern}))`);
  }
  const where = filters.length ? sql.join(filters, sql` and `) : sql`true`;
  const result = await db.execute<MemberRow>(sql`${memberSelect(organisationId, where)}
    order by case m.status when 'active' then 0 when 'invited' then 1 else 2 end, m.invited_at desc, m.id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = rowsOf<MemberRow>(result);
  const countRows = await db
    .select({ status: organisationMembers.status, n: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId))
    .groupBy(organisationMembers.status);
  const counts = Object.fromEntries(memberStatuses.map((s) => [s, 0])) as Record<MemberStatus, number>;
  for (const c of countRows) counts[c.status] = Number(c.n);
  let total = rows[0] ? Number(rows[0].total) : 0;
  // Past the last page the window count is lost: count again.
  if (rows.length === 0 && query.page > 1) {
    const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${memberSelect(organisationId, where)}) x`));
    total = Number(counted?.n ?? 0);
  }
  return { items: await toMembers(db, organisationId, rows), total, page: query.page, pageSize: query.pageSize, counts };
}

async function memberById(db: Executor, organisationId: number, id: number): Promise<OrganisationMember> {
  const rows = rowsOf<MemberRow>(await db.execute(memberSelect(organisationId, sql`m.id = ${id}`)));
  const [member] = await toMembers(db, organisationId, rows);
  if (!member) throw AppError.notFound(organisationMessages.memberNotFound);
  return member;
}

/** The addresses, among these, of the organisation's active members (by the invited address or the account's current one). */
async function activeAddresses(db: Executor, organisationId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const byInvitation = await db
    .select({ email: organisationMembers.email })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.status, 'active'), inArray(organisationMembers.email, emails)));
  const byAccount = await db
    .select({ email: users.email })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.status, 'active'), inArray(users.email, emails)));
  return new Set([...byInvitation, ...byAccount].map((r) => r.email));
}

async function pendingAddresses(db: Executor, organisationId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: organisationMembers.email })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.status, 'invited'), inArray(organisationMembers.email, emails)));
  return new Set(rows.map((r) => r.email));
}

async function addressesWithAccount(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.map((r) => r.email));
}

/**
 * Writes the invitations (a new row, or the existing row of an address that is not an active
 * member: a new link, the old one stops working) and queues their e-mails, in the caller's
 * transaction. Returns how many rows it wrote: fewer than asked means an address became an
 * active member meanwhile.
 */
async function writeInvitations(tx: Executor, organisation: { id: number; name: string }, emails: string[]): Promise<{ ids: Map<string, number> }> {
  if (emails.length === 0) return { ids: new Map() };
  const withAccount = await addressesWithAccount(tx, emails);
  const invitations = emails.map((email) => ({ email, ...newInvitationToken() }));
  const written = await tx
    .insert(organisationMembers)
    .values(invitations.map((i) => ({ organisationId: organisation.id, email: i.email, tokenHash: i.tokenHash, expiresAt: i.expiresAt })))
    .onConflictDoUpdate({
      target: [organisationMembers.organisationId, organisationMembers.email],
      set: {
        status: 'invited',
        tokenHash: sql`excluded.token_hash`,
        expiresAt: sql`excluded.expires_at`,
        invitedAt: sql`now()`,
        userId: null,
        joinedAt: null,
        endedAt: null,
      },
      setWhere: sql`${organisationMembers.status} <> 'active'`,
    })
    .returning({ id: organisationMembers.id, email: organisationMembers.email });
  await queueMails(
    tx,
    invitations
      .filter((i) => written.some((w) => w.email === i.email))
      .map((i) => ({
        to: i.email,
        template: 'organisation-invitation' as const,
        data: { organisationName: organisation.name, path: invitationPath(i.token, withAccount.has(i.email)), hasAccount: withAccount.has(i.email), expiresInDays: EXPIRES_IN_DAYS },
      })),
  );
  return { ids: new Map(written.map((w) => [w.email, w.id])) };
}

/** Invites one address; inviting a pending address again sends a new link. */
export async function inviteMember(db: Db, organisationId: number, email: string): Promise<InviteResponse> {
  const organisation = await requireOrganisation(db, organisationId);
  const id = await db.transaction(async (tx) => {
    if ((await activeAddresses(tx, organisation.id, [email])).size > 0) throw AppError.validation({ email: [organisationMessages.alreadyMember] }, organisationMessages.alreadyMember);
    const resent = (await pendingAddresses(tx, organisation.id, [email])).size > 0;
    const { ids } = await writeInvitations(tx, organisation, [email]);
    const written = ids.get(email);
    if (written === undefined) throw AppError.validation({ email: [organisationMessages.alreadyMember] }, organisationMessages.alreadyMember);
    return { id: written, resent };
  });
  return { member: await memberById(db, organisation.id, id.id), resent: id.resent };
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'mail', 'courriel', 'adresse e-mail', 'adresse email', 'adresse mail', 'adresse electronique', 'adresse courriel']);

/** The file's data rows and which column holds the addresses (a header names it; without one, the first cell with an @). */
function readImportFile(csv: string): { rows: Array<{ line: number; email: string }>; fileError: string | null } {
  const lines = parseCsv(csv).filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (lines.length === 0) return { rows: [], fileError: organisationMessages.importEmpty };
  const header = lines[0]!.cells.map((cell) => normalizeSearch(cell));
  const headerColumn = header.findIndex((cell) => EMAIL_HEADERS.has(cell));
  const data = headerColumn >= 0 ? lines.slice(1) : lines;
  if (data.length === 0) return { rows: [], fileError: organisationMessages.importEmpty };
  if (data.length > IMPORT_MAX_ROWS) return { rows: [], fileError: organisationMessages.importTooManyRows };
  const column = headerColumn >= 0 ? headerColumn : Math.max(0, data[0]!.cells.findIndex((cell) => cell.includes('@')));
  return { rows: data.map((row) => ({ line: row.line, email: (row.cells[column] ?? '').trim() })), fileError: null };
}

/** Each row's fate, in the file's order: invalid, duplicate, already a member (errors), pending (sent again) or new. */
async function analyseImport(db: Executor, organisationId: number, csv: string): Promise<ImportRow[]> {
  const { rows, fileError } = readImportFile(csv);
  if (fileError) throw AppError.validation({ csv: [fileError] }, fileError);
  const firstLine = new Map<string, number>();
  const analysed: ImportRow[] = rows.map(({ line, email: raw }) => {
    if (!raw) return { line, email: raw, status: 'error', message: organisationMessages.rowEmailMissing };
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) return { line, email: raw, status: 'error', message: organisationMessages.rowEmailInvalid };
    const email = parsed.data;
    const seen = firstLine.get(email);
    if (seen !== undefined) return { line, email, status: 'error', message: organisationMessages.rowDuplicate(seen) };
    firstLine.set(email, line);
    return { line, email, status: 'new', message: null };
  });
  const candidates = analysed.filter((r) => r.status === 'new').map((r) => r.email);
  const [active, pending] = await Promise.all([activeAddresses(db, organisationId, candidates), pendingAddresses(db, organisationId, candidates)]);
  return analysed.map((row) => {
    if (row.status !== 'new') return row;
    if (active.has(row.email)) return { ...row, status: 'error', message: organisationMessages.rowAlreadyMember };
    if (pending.has(row.email)) return { ...row, status: 'resend', message: organisationMessages.rowResend };
    return row;
  });
}

function countRows(rows: ImportRow[]): ImportPreview['counts'] {
  return { new: rows.filter((r) => r.status === 'new').length, resend: rows.filter((r) => r.status === 'resend').length, error: rows.filter((r) => r.status === 'error').length };
}

/** What an import would do, row by row, writing nothing. */
export async function previewImport(db: Db, organisationId: number, csv: string): Promise<ImportPreview> {
  const organisation = await requireOrganisation(db, organisationId);
  const rows = await analyseImport(db, organisation.id, csv);
  return { rows, counts: countRows(rows) };
}

/**
 * Imports the file: everything or nothing. The rows are checked again in the transaction that
 * writes them; one row in error, or an address that became a member since, and nothing is written.
 */
export async function importMembers(db: Db, organisationId: number, csv: string): Promise<ImportResult> {
  const organisation = await requireOrganisation(db, organisationId);
  return db.transaction(async (tx) => {
    const rows = await analyseImport(tx, organisation.id, csv);
    const errors = rows.filter((r) => r.status === 'error');
    if (errors.length > 0) {
      throw AppError.validation(Object.fromEntries(errors.map((r) => [`lines.${r.line}`, [r.message!]])), organisationMessages.importHasErrors);
    }
    const emails = rows.map((r) => r.email);
    const { ids } = await writeInvitations(tx, organisation, emails);
    if (ids.size !== emails.length) throw AppError.invalidTransition(organisationMessages.importChanged);
    const counts = countRows(rows);
    return { invited: counts.new, resent: counts.resend };
  });
}

/** Cancels an invitation, forgets an ended membership, or ends an active one (the organisation loses access at once). */
export async function removeMember(db: Db, organisationId: number, memberId: number): Promise<void> {
  const organisation = await requireOrganisation(db, organisationId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: organisationMembers.status, userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, organisation.id)))
      .for('update');
    if (!row) throw AppError.notFound(organisationMessages.memberNotFound);
    if (row.status === 'active') {
      await tx.update(organisationMembers).set({ status: 'removed', endedAt: new Date(), tokenHash: null }).where(eq(organisationMembers.id, memberId));
      // An active member has an account: they learn why their organisation no longer follows them.
      await notify(tx, { userId: row.userId!, kind: 'organisation_membership_ended', data: { organisationName: organisation.name } });
    } else {
      await tx.delete(organisationMembers).where(eq(organisationMembers.id, memberId));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Invitations, by the learner

interface LiveInvitation {
  id: number;
  email: string;
  organisationId: number;
  organisationName: string;
  expiresAt: Date;
}

/** The pending, unexpired invitation of this link, or 400 invalid_link. */
async function liveInvitation(db: Executor, token: string, lock = false): Promise<LiveInvitation> {
  const query = db
    .select({ id: organisationMembers.id, email: organisationMembers.email, organisationId: organisationMembers.organisationId, organisationName: organisations.name, expiresAt: organisationMembers.expiresAt })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.tokenHash, hashLinkToken(token)), eq(organisationMembers.status, 'invited'), sql`${organisationMembers.expiresAt} > now()`))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: organisationMembers }) : await query;
  if (!row) throw new AppError('invalid_link', 400, organisationMessages.invitationInvalid);
  return row;
}

/** What the invitation says, for whoever holds its link (the signup and join pages). */
export async function lookupInvitation(db: Db, token: string): Promise<InvitationSummary> {
  const invitation = await liveInvitation(db, token);
  return { organisation_name: invitation.organisationName, email: invitation.email, expires_at: invitation.expiresAt.toISOString() };
}

/** Only the account whose e-mail the invitation names answers it. */
async function assertAddressee(db: Executor, invitation: LiveInvitation, caller: AuthUser): Promise<void> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
  if (!account || account.email !== invitation.email) throw AppError.forbidden(organisationMessages.invitationOtherAccount);
}

/** Accepts with consent: the learner becomes an active member and the link is spent. */
export async function acceptInvitation(db: Db, token: string, caller: AuthUser): Promise<MyOrganisation> {
  try {
    const id = await db.transaction(async (tx) => {
      const invitation = await liveInvitation(tx, token, true);
      await assertAddressee(tx, invitation, caller);
      const [accepted] = await tx
        .update(organisationMembers)
        .set({ status: 'active', userId: caller.id, joinedAt: new Date(), endedAt: null, tokenHash: null })
        .where(and(eq(organisationMembers.id, invitation.id), eq(organisationMembers.status, 'invited')))
        .returning({ id: organisationMembers.id });
      if (!accepted) throw new AppError('invalid_link', 400, organisationMessages.invitationInvalid);
      return accepted.id;
    });
    const [mine] = (await listMyOrganisations(db, caller.id)).filter((o) => o.id === id);
    return mine!;
  } catch (error) {
    // Already an active member through another address: the partial unique index refuses a second membership.
    if (isUniqueViolation(error)) throw AppError.invalidTransition(organisationMessages.alreadyMember);
    throw error;
  }
}

/** Declines: the link is spent, the organisation sees "Invitation refusée". */
export async function declineInvitation(db: Db, token: string, caller: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await liveInvitation(tx, token, true);
    await assertAddressee(tx, invitation, caller);
    await tx.update(organisationMembers).set({ status: 'declined', endedAt: new Date(), tokenHash: null }).where(eq(organisationMembers.id, invitation.id));
  });
}

/** The organisations the learner belongs to, with the courses each enrolled them in. */
export async function listMyOrganisations(db: Executor, userId: number): Promise<MyOrganisation[]> {
  const rows = await db
    .select({ id: organisationMembers.id, organisationId: organisationMembers.organisationId, name: organisations.name, joinedAt: organisationMembers.joinedAt })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.status, 'active')))
    .orderBy(asc(organisations.name), asc(organisationMembers.id));
  if (rows.length === 0) return [];
  const enrolled = await db
    .select({ organisationId: organisationEnrolments.organisationId, id: courses.id, title: courses.title })
    .from(organisationEnrolments)
    .innerJoin(courses, eq(courses.id, organisationEnrolments.courseId))
    .where(and(eq(organisationEnrolments.userId, userId), inArray(organisationEnrolments.organisationId, rows.map((r) => r.organisationId))))
    .orderBy(asc(courses.title));
  return rows.map((r) => ({
    id: r.id,
    organisation_name: r.name,
    joined_at: iso(r.joinedAt)!,
    courses: enrolled.filter((c) => c.organisationId === r.organisationId).map((c) => ({ id: c.id, title: c.title })),
  }));
}

/** Leaves: the membership ends and the organisation no longer reads anything of the learner. */
export async function leaveOrganisation(db: Db, userId: number, membershipId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [left] = await tx
      .update(organisationMembers)
      .set({ status: 'left', endedAt: new Date(), tokenHash: null })
      .where(and(eq(organisationMembers.id, membershipId), eq(organisationMembers.userId, userId), eq(organisationMembers.status, 'active')))
      .returning({ organisationId: organisationMembers.organisationId });
    if (!left) throw AppError.notFound(organisationMessages.membershipNotFound);
    const [member] = await tx.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId));
    await notify(tx, { userId: left.organisationId, kind: 'organisation_member_left', data: { memberName: `${member!.firstname} ${member!.lastname}` } });
  });
}

// ---------------------------------------------------------------------------------------------
// Seats and enrolments

/** The published courses the organisation has seats for, with how many it used. */
export async function listOrganisationCourses(db: Db, organisationId: number): Promise<OrganisationCourse[]> {
  const organisation = await requireOrganisation(db, organisationId);
  return db
    .select({ id: courses.id, title: courses.title, seats: organisationSeats.seats, used: organisationSeats.used })
    .from(organisationSeats)
    .innerJoin(courses, eq(courses.id, organisationSeats.courseId))
    .where(and(eq(organisationSeats.organisationId, organisation.id), eq(courses.status, 'published')))
    .orderBy(asc(courses.title), asc(courses.id));
}

/**
 * Enrols active members into a published course. Each member the organisation had not enrolled
 * there yet takes a seat; the seats are taken by one conditional update, so of two enrolments
 * racing for the last seat one gets it and the other is refused, and nothing of it is written.
 */
export async function enrolMembers(db: Db, organisationId: number, courseId: number, memberIds: number[]): Promise<EnrolResult> {
  const organisation = await requireOrganisation(db, organisationId);
  const wanted = [...new Set(memberIds)];
  return db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), eq(courses.status, 'published')));
    if (!course) throw AppError.notFound(organisationMessages.courseNotFound);
    const members = await tx
      .select({ id: organisationMembers.id, userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, organisation.id), eq(organisationMembers.status, 'active'), inArray(organisationMembers.id, wanted)));
    if (members.length !== wanted.length) throw AppError.validation({ member_ids: [organisationMessages.membersGone] }, organisationMessages.membersGone);
    const userIds = members.map((m) => m.userId!);
    const [pool] = await tx.select().from(organisationSeats).where(and(eq(organisationSeats.organisationId, organisation.id), eq(organisationSeats.courseId, course.id)));
    if (!pool) throw new AppError('seats_exhausted', 409, organisationMessages.noSeats(course.title));

    const inserted = await tx
      .insert(organisationEnrolments)
      .values(userIds.map((userId) => ({ organisationId: organisation.id, userId, courseId: course.id })))
      .onConflictDoNothing()
      .returning({ userId: organisationEnrolments.userId });
    let seats = { seats: pool.seats, used: pool.used };
    if (inserted.length > 0) {
      const n = inserted.length;
      const [taken] = await tx
        .update(organisationSeats)
        .set({ used: sql`${organisationSeats.used} + ${n}`, updatedAt: new Date() })
        .where(and(eq(organisationSeats.organisationId, organisation.id), eq(organisationSeats.courseId, course.id), sql`${organisationSeats.used} + ${n} <= ${organisationSeats.seats}`))
        .returning({ seats: organisationSeats.seats, used: organisationSeats.used });
      if (!taken) {
        const [now] = await tx.select().from(organisationSeats).where(and(eq(organisationSeats.organisationId, organisation.id), eq(organisationSeats.courseId, course.id)));
        const left = now ? now.seats - now.used : 0;
        throw new AppError('seats_exhausted', 409, organisationMessages.seatsExhausted(course.title, left, n));
      }
      seats = taken;
      // The learner follows the course like any enrolment ("Mes formations", the player, progress), and is told so.
      await enrol(tx, course.id, inserted.map((row) => row.userId));
    }
    return { enrolled: inserted.length, already: members.length - inserted.length, course: { id: course.id, title: course.title, ...seats } };
  });
}

// ---------------------------------------------------------------------------------------------
// Dashboard

interface ProgressRow extends Record<string, unknown> {
  member_id: number;
  firstname: string;
  lastname: string;
  email: string;
  course_id: number | null;
  course_title: string | null;
  enrolled_at: Date | string | null;
  total_lessons: number | null;
  completed_lessons: number | null;
  last_activity_at: Date | string | null;
  completed_at: Date | string | null;
  certificate_code: string | null;
  certificate_number: string | null;
  certificate_revoked_at: Date | string | null;
  inactive: boolean;
  total_rows?: number;
}

/**
 * Every consenting member of the organisation with each course it enrolled them in (one row
 * without a course for a member not enrolled yet), and the progress the learning tables hold.
 * The join on `status = 'active'` is the consent: a member who left is not read at all.
 */
function progressRows(organisationId: number): SQL {
  return sql`select m.id as member_id, u.firstname, u.lastname, u.email, u.search_text,
      oe.course_id, c.title as course_title, oe.created_at as enrolled_at,
      p.total_lessons, p.completed_lessons, p.last_activity_at, p.completed_at, p.certificate_code, p.certificate_number, p.certificate_revoked_at,
      (oe.course_id is not null and p.completed_at is null
        and coalesce(p.last_activity_at, oe.created_at) < now() - make_interval(days => ${INACTIVE_DAYS})) as inactive
    from ${organisationMembers} m
    join ${users} u on u.id = m.user_id
    left join ${organisationEnrolments} oe on oe.organisation_id = m.organisation_id and oe.user_id = m.user_id
    left join ${courses} c on c.id = oe.course_id
    left join lateral (${learnerCourseProgress(sql`m.user_id`, sql`oe.course_id`)}) p on oe.course_id is not null
    where m.organisation_id = ${organisationId} and m.status = 'active'`;
}

function dashboardFilters(query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>): SQL {
  const filters: SQL[] = [sql`true`];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(sql`r.search_text like ${pattern}`);
  }
  if (query.course_id) filters.push(sql`r.course_id = ${query.course_id}`);
  if (query.status === 'completed') filters.push(sql`r.completed_at is not null`);
  if (query.status === 'not_started') filters.push(sql`r.course_id is not null and r.completed_at is null and coalesce(r.completed_lessons, 0) = 0`);
  if (query.status === 'in_progress') filters.push(sql`r.completed_at is null and coalesce(r.completed_lessons, 0) > 0`);
  if (query.status === 'inactive') filters.push(sql`r.inactive`);
  return sql.join(filters, sql` and `);
}

function toDashboardRow(r: ProgressRow): DashboardRow {
  const total = Number(r.total_lessons ?? 0);
  const done = Number(r.completed_lessons ?? 0);
  return {
    member_id: Number(r.member_id),
    name: `${r.firstname} ${r.lastname}`,
    email: r.email,
    course: r.course_id === null ? null : { id: Number(r.course_id), title: r.course_title ?? '' },
    enrolled_at: iso(r.enrolled_at),
    completed_lessons: done,
    total_lessons: total,
    percent: progressPercent({ completed: done, total, completedAt: r.completed_at }),
    last_activity_at: iso(r.last_activity_at),
    completed_at: iso(r.completed_at),
    certificate: r.certificate_code && r.certificate_number ? { code: r.certificate_code, number: r.certificate_number } : null,
    certificate_revoked_at: iso(r.certificate_revoked_at),
    inactive: Boolean(r.inactive),
  };
}

const dashboardOrder = sql`order by r.lastname, r.firstname, r.member_id, r.course_title nulls first, r.course_id`;

/** The dashboard's page of rows, its filters applied in SQL, and counters over all the organisation's members. */
export async function getDashboard(db: Db, organisationId: number, query: DashboardQuery): Promise<DashboardResponse> {
  const organisation = await requireOrganisation(db, organisationId);
  const rows = rowsOf<ProgressRow>(
    await db.execute(sql`select r.*, (count(*) over ())::int as total_rows from (${progressRows(organisation.id)}) r
      where ${dashboardFilters(query)} ${dashboardOrder}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  const [summary] = rowsOf<{ members: number; enrolments: number; completed: number; inactive: number; total: number }>(
    await db.execute(sql`select count(distinct r.member_id)::int as members, count(r.course_id)::int as enrolments,
        count(*) filter (where r.completed_at is not null)::int as completed, count(*) filter (where r.inactive)::int as inactive,
        count(*) filter (where ${dashboardFilters(query)})::int as total
      from (${progressRows(organisation.id)}) r`),
  );
  return {
    organisation_name: organisation.name,
    items: rows.map(toDashboardRow),
    total: Number(summary?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    summary: { members: Number(summary?.members ?? 0), enrolments: Number(summary?.enrolments ?? 0), completed: Number(summary?.completed ?? 0), inactive: Number(summary?.inactive ?? 0) },
  };
}

const EXPORT_MAX_ROWS = 100_000;


function rowStatus(row: DashboardRow): string {
  if (!row.course) return 'Aucune formation';
  if (row.completed_at) return progressStatusLabels.completed;
  if (row.inactive) return progressStatusLabels.inactive;
  return row.completed_lessons > 0 ? progressStatusLabels.in_progress : progressStatusLabels.not_started;
}

/** The whole table (every page, the same filters) as CSV for a spreadsheet: UTF-8 with BOM, `;`, formulas neutralised. */
export async function exportDashboard(db: Db, organisationId: number, query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>, publicUrl: string): Promise<{ csv: string; fileName: string }> {
  const organisation = await requireOrganisation(db, organisationId);
  const rows = rowsOf<ProgressRow>(
    await db.execute(sql`select r.* from (${progressRows(organisation.id)}) r where ${dashboardFilters(query)} ${dashboardOrder} limit ${EXPORT_MAX_ROWS}`),
  ).map(toDashboardRow);
  const csv = toCsv(
    ['Membre', 'E-mail', 'Formation', 'Statut', 'Progression (%)', 'Leçons terminées', 'Leçons', 'Inscrit le', 'Dernière activité', 'Terminée le', 'Attestation'],
    rows.map((r) => [
      r.name,
      r.email,
      r.course?.title ?? '',
      rowStatus(r),
      r.course ? r.percent : '',
      r.course ? r.completed_lessons : '',
      r.course ? r.total_lessons : '',
      formatShortDateTime(r.enrolled_at),
      formatShortDateTime(r.last_activity_at),
      formatShortDateTime(r.completed_at),
      r.certificate ? `${publicUrl}${webPaths.certificate(r.certificate.code)}` : '',
    ]),
  );
  const day = new Date().toISOString().slice(0, 10);
  const slug = normalizeSearch(organisation.name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'organisation';
  return { csv, fileName: `progression-${slug}-${day}.csv` };
}

// ---------------------------------------------------------------------------------------------
// Administration

interface AdminRow extends Record<string, unknown> {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string | null;
  created_at: Date | string;
  has_details: boolean;
  active: number;
  invited: number;
  total: number;
}

/** Every organisation account, its details when given, its member counts and its seat pools. */
export async function listAdminOrganisations(db: Db, query: AdminOrganisationsQuery): Promise<AdminOrganisationsResponse> {
  const filter = query.q ? sql`(o.search_text like ${likePattern(query.q)} or u.search_text like ${likePattern(query.q)})` : sql`true`;
  const rows = rowsOf<AdminRow>(
    await db.execute(sql`select u.id, u.firstname, u.lastname, u.email, u.phone_number, u.created_at, (o.user_id is not null) as has_details,
        (select count(*)::int from ${organisationMembers} m where m.organisation_id = u.id and m.status = 'active') as active,
        (select count(*)::int from ${organisationMembers} m where m.organisation_id = u.id and m.status = 'invited') as invited,
        (count(*) over ())::int as total
      from ${users} u left join ${organisations} o on o.user_id = u.id
      where u.role = 'organisme' and ${filter}
      order by lower(coalesce(o.name, u.lastname)), u.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  const ids = rows.map((r) => Number(r.id));
  const details = ids.length ? await db.select().from(organisations).where(inArray(organisations.userId, ids)) : [];
  const pools = ids.length
    ? await db
        .select({ organisationId: organisationSeats.organisationId, courseId: courses.id, title: courses.title, seats: organisationSeats.seats, used: organisationSeats.used })
        .from(organisationSeats)
        .innerJoin(courses, eq(courses.id, organisationSeats.courseId))
        .where(inArray(organisationSeats.organisationId, ids))
        .orderBy(asc(courses.title), asc(courses.id))
    : [];
  const items: AdminOrganisation[] = rows.map((r) => {
    const id = Number(r.id);
    const row = details.find((d) => d.userId === id);
    return {
      id,
      details: row ? toOrganisationDetails(row) : null,
      contact: { name: `${r.firstname} ${r.lastname}`, email: row?.contactEmail ?? r.email, phone: r.phone_number },
      members: { active: Number(r.active), invited: Number(r.invited) },
      seats: pools.filter((p) => p.organisationId === id).map((p) => ({ course_id: p.courseId, course_title: p.title, seats: p.seats, used: p.used })),
      created_at: iso(r.created_at)!,
    };
  });
  return { items, total: rows[0] ? Number(rows[0].total) : 0, page: query.page, pageSize: query.pageSize };
}

/** Sets how many members an organisation may enrol in a course; never below the seats it already used. */
export async function setSeats(db: Db, admin: AuthUser, organisationId: number, courseId: number, seats: number): Promise<AdminOrganisation['seats'][number]> {
  const [target] = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .where(eq(organisations.userId, organisationId));
  if (!target) throw AppError.notFound(organisationMessages.organisationNotFound);
  const [course] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), eq(courses.status, 'published')));
  if (!course) throw AppError.notFound(organisationMessages.courseNotFound);
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(organisationSeats)
      .values({ organisationId, courseId, seats })
      .onConflictDoUpdate({
        target: [organisationSeats.organisationId, organisationSeats.courseId],
        set: { seats, updatedAt: new Date() },
        // Checked on the locked row: an enrolment taking a seat meanwhile is counted.
        setWhere: sql`${organisationSeats.used} <= ${seats}`,
      })
      .returning({ seats: organisationSeats.seats, used: organisationSeats.used });
    if (!saved) {
      const [pool] = await tx.select({ used: organisationSeats.used }).from(organisationSeats).where(and(eq(organisationSeats.organisationId, organisationId), eq(organisationSeats.courseId, courseId)));
      const message = organisationMessages.seatsBelowUsed(pool?.used ?? 0);
      throw AppError.validation({ seats: [message] }, message);
    }
    await recordAudit(tx, { actor: admin, target, action: 'organisation_seats', details: { course_id: course.id, course_title: course.title, seats } });
    return { course_id: course.id, course_title: course.title, seats: saved.seats, used: saved.used };
  });
}
