import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { emailSchema, firstnameSchema, lastnameSchema } from '../../../shared/auth';
import {
  IMPORT_MAX_ROWS,
  INACTIVE_DAYS,
  INVITATION_RESEND_MS,
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
  type MyInvitation,
  type MyOrganisation,
  type OrganisationCourse,
  type OrganisationMember,
  type OrganisationMembersResponse,
} from '../../../shared/organisations';
import { JOIN_ORGANISATION_PAGE, SIGNUP_PAGE } from '../../../shared/password';
import { progressPercent } from '../../../shared/learning';
import { escapeLike, normalizeSearch } from '../../../shared/text';
import type { Db, Executor } from '../../db/client';
import { courses, enrolments, organisationEnrolments, organisationInvitationMails, organisationMembers, organisationProgressCounts, organisations, organisationSeats, users } from '../../db/schema';
import { hashLinkToken, linkPath } from '../../lib/account-tokens';
import { AppError } from '../../lib/app-error';
import { cappedCount } from '../../lib/capped-count';
import { recordAudit } from '../../lib/audit';
import { csvLine, parseCsv } from '../../lib/csv';
import { isUniqueViolation } from '../../lib/db-errors';
import { enrol, learnerProgressOfPairs } from '../enrolments';
import { queueMails } from '../../lib/mail/outbox';
import { notify, notifyInApp } from '../notifications';
import { toOrganisationDetails } from './organisation-details';
import type { AuthUser } from '../../lib/sessions';
import { webPaths } from '../../../shared/web-paths';
import { formatShortDateTime } from '../../../shared/french-format';
import { parisDay } from '../../../shared/paris-days';

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

/** The invitation e-mails an organisation may have sent (config: ORG_INVITATIONS_PER_HOUR / _PER_DAY). */
export interface InvitationLimits {
  perHour: number;
  perDay: number;
}

/**
 * Serialises one organisation's invitations: the row lock makes the cap's count and the
 * "one e-mail a day per address" check hold against two imports sent at once.
 */
async function lockOrganisation(tx: Executor, organisationId: number): Promise<void> {
  await tx.select({ id: organisations.userId }).from(organisations).where(eq(organisations.userId, organisationId)).for('update');
}

/**
 * Counts `wanted` invitation e-mails against the organisation's hourly and daily caps, or refuses
 * them all (429 too_many_invitations): an import is never sent in part. Call after lockOrganisation.
 */
async function reserveInvitationMails(tx: Executor, organisationId: number, wanted: number, limits: InvitationLimits): Promise<void> {
  if (wanted === 0) return;
  const [sent] = await tx
    .select({
      hour: sql<number>`(count(*) filter (where ${organisationInvitationMails.sentAt} > now() - interval '1 hour'))::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(organisationInvitationMails)
    .where(and(eq(organisationInvitationMails.organisationId, organisationId), sql`${organisationInvitationMails.sentAt} > now() - interval '1 day'`));
  const left = Math.max(0, Math.min(limits.perHour - Number(sent?.hour ?? 0), limits.perDay - Number(sent?.day ?? 0)));
  if (wanted > left) throw new AppError('too_many_invitations', 429, organisationMessages.tooManyInvitations(wanted, left, limits.perHour, limits.perDay));
  await tx.insert(organisationInvitationMails).values(Array.from({ length: wanted }, () => ({ organisationId })));
}

/** An address to invite, with the name the organisation gave (CSV import) if any. */
interface InvitationInput {
  email: string;
  firstname?: string | null;
  lastname?: string | null;
}

/**
 * Writes the invitations (a new row, or the existing row of an address that is not an active
 * member: a new link, the old one stops working) and queues their e-mails, in the caller's
 * transaction, after counting them against the caps. Returns the rows written: fewer than asked
 * means an address became an active member meanwhile.
 */
async function writeInvitations(tx: Executor, organisation: { id: number; name: string }, inputs: InvitationInput[], limits: InvitationLimits): Promise<{ ids: Map<string, number> }> {
  if (inputs.length === 0) return { ids: new Map() };
  await reserveInvitationMails(tx, organisation.id, inputs.length, limits);
  const emails = inputs.map((i) => i.email);
  const withAccount = await addressesWithAccount(tx, emails);
  const invitations = inputs.map((input) => ({ ...input, ...newInvitationToken() }));
  const written = await tx
    .insert(organisationMembers)
    .values(
      invitations.map((i) => ({
        organisationId: organisation.id,
        email: i.email,
        invitedFirstname: i.firstname ?? null,
        invitedLastname: i.lastname ?? null,
        tokenHash: i.tokenHash,
        expiresAt: i.expiresAt,
      })),
    )
    .onConflictDoUpdate({
      target: [organisationMembers.organisationId, organisationMembers.email],
      set: {
        status: 'invited',
        tokenHash: sql`excluded.token_hash`,
        expiresAt: sql`excluded.expires_at`,
        invitedAt: sql`now()`,
        // A name given now replaces the old one; none given keeps it.
        invitedFirstname: sql`coalesce(excluded.invited_firstname, ${organisationMembers.invitedFirstname})`,
        invitedLastname: sql`coalesce(excluded.invited_lastname, ${organisationMembers.invitedLastname})`,
        userId: null,
        joinedAt: null,
        endedAt: null,
      },
      setWhere: sql`${organisationMembers.status} <> 'active'`,
    })
    .returning({ id: organisationMembers.id, email: organisationMembers.email, firstname: organisationMembers.invitedFirstname });
  const byEmail = new Map(written.map((w) => [w.email, w]));
  // A learner whose address is proven sees the invitation under the bell too, not only in the mail.
  const learners = await confirmedLearners(tx, [...byEmail.keys()]);
  for (const learner of learners) await notifyInApp(tx, { userId: learner.id, kind: 'organisation_invitation', data: { organisationName: organisation.name } });
  await queueMails(
    tx,
    invitations
      .filter((i) => byEmail.has(i.email))
      .map((i) => ({
        to: i.email,
        template: 'organisation-invitation' as const,
        data: {
          organisationName: organisation.name,
          firstname: byEmail.get(i.email)!.firstname ?? null,
          path: invitationPath(i.token, withAccount.has(i.email)),
          hasAccount: withAccount.has(i.email),
          expiresInDays: EXPIRES_IN_DAYS,
        },
      })),
  );
  return { ids: new Map(written.map((w) => [w.email, w.id])) };
}

/** The learner accounts, among these addresses, whose address is confirmed: the ones that may answer from their account. */
async function confirmedLearners(db: Executor, emails: string[]): Promise<Array<{ id: number; email: string }>> {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.role, 'membre'), sql`${users.emailConfirmedAt} is not null`));
}

/**
 * For the auth and account modules, when an address becomes proven (a signup from an invitation
 * link, an e-mail confirmation): each pending invitation to it is announced under the bell, so
 * it is not lost with the e-mail that carried it.
 */
export async function announcePendingInvitations(tx: Executor, userId: number): Promise<void> {
  const pending = await listMyInvitations(tx, userId);
  for (const invitation of pending) await notifyInApp(tx, { userId, kind: 'organisation_invitation', data: { organisationName: invitation.organisation_name } });
}

/** The pending addresses, among these, mailed less than INVITATION_RESEND_MS ago: no new e-mail for them. */
async function recentlyInvitedAddresses(db: Executor, organisationId: number, emails: string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: organisationMembers.id, email: organisationMembers.email })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.status, 'invited'),
        inArray(organisationMembers.email, emails),
        sql`${organisationMembers.invitedAt} > now() - make_interval(secs => ${INVITATION_RESEND_MS / 1000})`,
      ),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * Invites one address; inviting a pending address again sends a new link, unless it was mailed
 * less than 24 hours ago: then nothing is sent and the answer says so.
 */
export async function inviteMember(db: Db, organisationId: number, email: string, limits: InvitationLimits): Promise<InviteResponse> {
  const organisation = await requireOrganisation(db, organisationId);
  const id = await db.transaction(async (tx) => {
    await lockOrganisation(tx, organisation.id);
    if ((await activeAddresses(tx, organisation.id, [email])).size > 0) throw AppError.validation({ email: [organisationMessages.alreadyMember] }, organisationMessages.alreadyMember);
    const recent = (await recentlyInvitedAddresses(tx, organisation.id, [email])).get(email);
    if (recent !== undefined) return { id: recent, resent: true, sent: false };
    const resent = (await pendingAddresses(tx, organisation.id, [email])).size > 0;
    const { ids } = await writeInvitations(tx, organisation, [{ email }], limits);
    const written = ids.get(email);
    if (written === undefined) throw AppError.validation({ email: [organisationMessages.alreadyMember] }, organisationMessages.alreadyMember);
    return { id: written, resent, sent: true };
  });
  return { member: await memberById(db, organisation.id, id.id), resent: id.resent, sent: id.sent, notice: id.sent ? null : organisationMessages.recentlyInvited };
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'mail', 'courriel', 'adresse e-mail', 'adresse email', 'adresse mail', 'adresse electronique', 'adresse courriel']);

const FIRSTNAME_HEADERS = new Set(['prenom', 'first name', 'firstname', 'prenom du membre']);
const LASTNAME_HEADERS = new Set(['nom', 'nom de famille', 'last name', 'lastname', 'surname']);

interface FileRow {
  line: number;
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * The file's data rows: a header names the columns (e-mail, and the first and last names when
 * present); without one, the addresses are the first cell with an @ and no name is read.
 */
function readImportFile(csv: string): { rows: FileRow[]; fileError: string | null } {
  const lines = parseCsv(csv).filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (lines.length === 0) return { rows: [], fileError: organisationMessages.importEmpty };
  const header = lines[0]!.cells.map((cell) => normalizeSearch(cell).trim());
  const headerColumn = header.findIndex((cell) => EMAIL_HEADERS.has(cell));
  const data = headerColumn >= 0 ? lines.slice(1) : lines;
  if (data.length === 0) return { rows: [], fileError: organisationMessages.importEmpty };
  if (data.length > IMPORT_MAX_ROWS) return { rows: [], fileError: organisationMessages.importTooManyRows };
  const column = headerColumn >= 0 ? headerColumn : Math.max(0, data[0]!.cells.findIndex((cell) => cell.includes('@')));
  const firstnameColumn = headerColumn >= 0 ? header.findIndex((cell) => FIRSTNAME_HEADERS.has(cell)) : -1;
  const lastnameColumn = headerColumn >= 0 ? header.findIndex((cell) => LASTNAME_HEADERS.has(cell)) : -1;
  const cell = (cells: string[], index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  return {
    rows: data.map((row) => ({ line: row.line, email: cell(row.cells, column), firstname: cell(row.cells, firstnameColumn), lastname: cell(row.cells, lastnameColumn) })),
    fileError: null,
  };
}

/** A name cell: empty is fine (null), else the same rules as a person's name. */
function readName(value: string, schema: typeof firstnameSchema | typeof lastnameSchema): { value: string | null; problem: string | null } {
  if (!value) return { value: null, problem: null };
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data, problem: null } : { value: null, problem: parsed.error.issues[0]!.message };
}

/**
 * Each row's fate, in the file's order: invalid (errors), a duplicate (merged into its first
 * line, whose missing names it fills), already a member (error), pending (sent again, or not
 * if mailed less than a day ago) or new.
 */
async function analyseImport(db: Executor, organisationId: number, csv: string): Promise<ImportRow[]> {
  const { rows, fileError } = readImportFile(csv);
  if (fileError) throw AppError.validation({ csv: [fileError] }, fileError);
  const firstRow = new Map<string, ImportRow>();
  const analysed: ImportRow[] = rows.map(({ line, email: raw, firstname: rawFirst, lastname: rawLast }) => {
    const firstname = readName(rawFirst, firstnameSchema);
    const lastname = readName(rawLast, lastnameSchema);
    const names = { firstname: firstname.value, lastname: lastname.value };
    if (!raw) return { line, email: raw, ...names, status: 'error', message: organisationMessages.rowEmailMissing };
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) return { line, email: raw, ...names, status: 'error', message: organisationMessages.rowEmailInvalid };
    const email = parsed.data;
    const problem = firstname.problem ?? lastname.problem;
    if (problem) return { line, email, ...names, status: 'error', message: organisationMessages.rowNameInvalid(problem) };
    const first = firstRow.get(email);
    if (first) {
      first.firstname ??= names.firstname;
      first.lastname ??= names.lastname;
      return { line, email, ...names, status: 'duplicate', message: organisationMessages.rowDuplicate(first.line) };
    }
    const row: ImportRow = { line, email, ...names, status: 'new', message: null };
    firstRow.set(email, row);
    return row;
  });
  const candidates = analysed.filter((r) => r.status === 'new').map((r) => r.email);
  // One after the other: the import runs this in its transaction, one connection, one query at a time.
  const active = await activeAddresses(db, organisationId, candidates);
  const pending = await pendingAddresses(db, organisationId, candidates);
  const recent = await recentlyInvitedAddresses(db, organisationId, candidates);
  for (const row of analysed) {
    if (row.status !== 'new') continue;
    if (active.has(row.email)) Object.assign(row, { status: 'error', message: organisationMessages.rowAlreadyMember });
    else if (recent.has(row.email)) Object.assign(row, { status: 'recent', message: organisationMessages.rowRecent });
    else if (pending.has(row.email)) Object.assign(row, { status: 'resend', message: organisationMessages.rowResend });
  }
  return analysed;
}

function countRows(rows: ImportRow[]): ImportPreview['counts'] {
  const count = (status: ImportRow['status']) => rows.filter((r) => r.status === status).length;
  return { new: count('new'), resend: count('resend'), recent: count('recent'), duplicate: count('duplicate'), error: count('error') };
}

/** What an import would do, row by row, writing nothing. */
export async function previewImport(db: Db, organisationId: number, csv: string): Promise<ImportPreview> {
  const organisation = await requireOrganisation(db, organisationId);
  const rows = await analyseImport(db, organisation.id, csv);
  return { rows, counts: countRows(rows) };
}

/**
 * Imports the file. By default everything or nothing: one row in error, or an address that became
 * a member since, and nothing is written. With `skipInvalid` (the organisation saw the preview
 * and chose to import the valid rows) the rows in error are left out. Either way duplicates are
 * merged, and the e-mails are counted against the caps as a whole: over them, nothing is queued.
 */
export async function importMembers(db: Db, organisationId: number, csv: string, skipInvalid: boolean, limits: InvitationLimits): Promise<ImportResult> {
  const organisation = await requireOrganisation(db, organisationId);
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, organisation.id);
    const rows = await analyseImport(tx, organisation.id, csv);
    const errors = rows.filter((r) => r.status === 'error');
    if (errors.length > 0 && !skipInvalid) {
      throw AppError.validation(Object.fromEntries(errors.map((r) => [`lines.${r.line}`, [r.message!]])), organisationMessages.importHasErrors);
    }
    const counts = countRows(rows);
    if (counts.new + counts.resend + counts.recent === 0) throw AppError.validation({ csv: [organisationMessages.importNothingValid] }, organisationMessages.importNothingValid);
    const toSend = rows.filter((r) => r.status === 'new' || r.status === 'resend');
    const { ids } = await writeInvitations(tx, organisation, toSend, limits);
    if (ids.size !== toSend.length) throw AppError.invalidTransition(organisationMessages.importChanged);
    return { invited: counts.new, resent: counts.resend, recent: counts.recent, merged: counts.duplicate, skipped: counts.error };
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
  firstname: string | null;
  lastname: string | null;
}

const liveInvitationColumns = {
  id: organisationMembers.id,
  email: organisationMembers.email,
  organisationId: organisationMembers.organisationId,
  organisationName: organisations.name,
  expiresAt: organisationMembers.expiresAt,
  firstname: organisationMembers.invitedFirstname,
  lastname: organisationMembers.invitedLastname,
};

/** The pending, unexpired invitation of this link, or 400 invalid_link. */
async function liveInvitation(db: Executor, token: string, lock = false): Promise<LiveInvitation> {
  const query = db
    .select(liveInvitationColumns)
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
  const hasAccount = (await addressesWithAccount(db, [invitation.email])).size > 0;
  return {
    organisation_name: invitation.organisationName,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    firstname: invitation.firstname,
    lastname: invitation.lastname,
    has_account: hasAccount,
  };
}

/**
 * For signup (module auth): whether this link is a live invitation to exactly this address. The
 * link reached that mailbox, so the new account's address needs no second confirmation.
 */
export async function invitationProvesAddress(db: Executor, token: string, email: string): Promise<boolean> {
  const invitation = await liveInvitation(db, token).catch(() => null);
  return invitation !== null && invitation.email === email;
}

/** The pending invitation `id`, addressed to this account's confirmed e-mail, or 404 (never someone else's). */
async function myLiveInvitation(db: Executor, caller: AuthUser, id: number, lock = false): Promise<LiveInvitation> {
  const query = db
    .select(liveInvitationColumns)
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
    .innerJoin(users, eq(users.email, organisationMembers.email))
    .where(
      and(
        eq(organisationMembers.id, id),
        eq(users.id, caller.id),
        sql`${users.emailConfirmedAt} is not null`,
        eq(organisationMembers.status, 'invited'),
        sql`${organisationMembers.expiresAt} > now()`,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: organisationMembers }) : await query;
  if (!row) throw AppError.notFound(organisationMessages.invitationInvalid);
  return row;
}

/**
 * The pending invitations to the learner's address, once confirmed: the profile and the bell list
 * them, so an invitation is not lost with its e-mail (a reload, a confirmation in another tab).
 */
export async function listMyInvitations(db: Executor, userId: number): Promise<MyInvitation[]> {
  const rows = await db
    .select({ id: organisationMembers.id, name: organisations.name, invitedAt: organisationMembers.invitedAt, expiresAt: organisationMembers.expiresAt })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.userId, organisationMembers.organisationId))
    .innerJoin(users, eq(users.email, organisationMembers.email))
    .where(and(eq(users.id, userId), sql`${users.emailConfirmedAt} is not null`, eq(organisationMembers.status, 'invited'), sql`${organisationMembers.expiresAt} > now()`))
    .orderBy(asc(organisationMembers.invitedAt), asc(organisationMembers.id));
  return rows.map((r) => ({ id: r.id, organisation_name: r.name, invited_at: iso(r.invitedAt)!, expires_at: iso(r.expiresAt)! }));
}

/** Only the account whose e-mail the invitation names answers it. */
async function assertAddressee(db: Executor, invitation: LiveInvitation, caller: AuthUser): Promise<void> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
  if (!account || account.email !== invitation.email) throw AppError.forbidden(organisationMessages.invitationOtherAccount);
}

/** Accepts with consent: the learner becomes an active member and the link is spent. */
export async function acceptInvitation(db: Db, token: string, caller: AuthUser): Promise<MyOrganisation> {
  return accept(db, caller, async (tx) => {
    const invitation = await liveInvitation(tx, token, true);
    await assertAddressee(tx, invitation, caller);
    return invitation;
  });
}

/** Accepts, from the profile or the bell, an invitation to the account's confirmed address. */
export async function acceptMyInvitation(db: Db, id: number, caller: AuthUser): Promise<MyOrganisation> {
  return accept(db, caller, (tx) => myLiveInvitation(tx, caller, id, true));
}

/** Declines, from the profile or the bell, an invitation to the account's confirmed address. */
export async function declineMyInvitation(db: Db, id: number, caller: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await myLiveInvitation(tx, caller, id, true);
    await tx.update(organisationMembers).set({ status: 'declined', endedAt: new Date(), tokenHash: null }).where(eq(organisationMembers.id, invitation.id));
  });
}

async function accept(db: Db, caller: AuthUser, find: (tx: Executor) => Promise<LiveInvitation>): Promise<MyOrganisation> {
  try {
    const id = await db.transaction(async (tx) => {
      const invitation = await find(tx);
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
  user_id: number;
  firstname: string;
  lastname: string;
  email: string;
  course_id: number | null;
  course_title: string | null;
  enrolment_id: number | null;
  enrolled_at: Date | string | null;
  total_lessons: number | null;
  completed_lessons: number | null;
  last_activity_at: Date | string | null;
  completed_at: Date | string | null;
  certificate_code: string | null;
  certificate_number: string | null;
  certificate_revoked_at: Date | string | null;
  inactive: boolean;
}

/**
 * Every consenting member of the organisation with each course it enrolled them in (one row
 * without a course for a member not enrolled yet), read from stored columns only: the join on
 * `status = 'active'` is the consent (a member who left is not read at all). Ordered by name, a
 * page walks `users_name_idx` and stops at its last row; the lessons counted and the attestation
 * are read after, for that page's rows only (withProgress).
 */
function dashboardFrom(organisationId: number, query: Pick<DashboardQuery, 'course_id' | 'status'>): SQL {
  // Inner joins where the filter needs a course, or an enrolment: the planner may then start from
  // the rows the filter finds (enrolments_idle_idx for the inactive ones) instead of every member.
  const pairJoin = query.status || query.course_id ? sql`join` : sql`left join`;
  const enrolmentJoin = query.status && query.status !== 'not_started' ? sql`join` : sql`left join`;
  return sql`from ${users} u
    join ${organisationMembers} m on m.user_id = u.id and m.organisation_id = ${organisationId} and m.status = 'active'
    ${pairJoin} ${organisationEnrolments} oe on oe.organisation_id = ${organisationId} and oe.user_id = u.id
    left join ${courses} c on c.id = oe.course_id
    ${enrolmentJoin} ${enrolments} en on en.user_id = oe.user_id and en.course_id = oe.course_id`;
}

const dashboardOrder = sql`u.lastname, u.firstname, u.id, c.title nulls first, oe.course_id`;

/**
 * A pair's state, the rule the counters' triggers keep too (organisation_pair_bucket, migration
 * 0039): completed once the enrolment is, in progress once the learner did anything in the course,
 * not started before. Inactive: not completed and nothing done for INACTIVE_DAYS days since the
 * enrolment, as the follow-up reminders count it (decision 065), a range of `enrolments_idle_idx`.
 */
const pairStates = {
  completed: sql`en.completed_at is not null`,
  in_progress: sql`en.completed_at is null and en.last_activity_at is not null`,
  not_started: sql`oe.course_id is not null and en.completed_at is null and en.last_activity_at is null`,
  inactive: sql`(case when en.completed_at is null then coalesce(en.last_activity_at, en.created_at) end) < now() - make_interval(days => ${INACTIVE_DAYS})`,
} as const;

function dashboardFilters(query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>): SQL {
  const filters: SQL[] = [sql`true`];
  if (query.q) filters.push(sql`u.search_text like ${likePattern(query.q)}`);
  if (query.course_id) filters.push(sql`oe.course_id = ${query.course_id}`);
  if (query.status) filters.push(pairStates[query.status]);
  return sql.join(filters, sql` and `);
}

/** The rows of `page` (a dashboard query with a limit), with their progress read set-based for them alone, in dashboardOrder (by the page's column names). */
async function withProgress(db: Db, page: SQL): Promise<ProgressRow[]> {
  return rowsOf<ProgressRow>(
    await db.execute(sql`with page as (${page}),
      progress as (${learnerProgressOfPairs(sql`select distinct user_id, course_id from page where course_id is not null`)})
      select page.*, p.total_lessons, p.completed_lessons, p.certificate_code, p.certificate_number, p.certificate_revoked_at
      from page left join progress p on p.user_id = page.user_id and p.course_id = page.course_id
      order by page.lastname, page.firstname, page.user_id, page.course_title nulls first, page.course_id`),
  );
}

const dashboardColumns = sql`m.id as member_id, u.id as user_id, u.firstname, u.lastname, u.email,
    oe.course_id, c.title as course_title, en.id as enrolment_id, oe.created_at as enrolled_at, en.last_activity_at, en.completed_at,
    coalesce(${pairStates.inactive}, false) as inactive`;

function toDashboardRow(r: ProgressRow): DashboardRow {
  const total = Number(r.total_lessons ?? 0);
  const done = Number(r.completed_lessons ?? 0);
  return {
    member_id: Number(r.member_id),
    user_id: Number(r.user_id),
    name: `${r.firstname} ${r.lastname}`,
    email: r.email,
    course: r.course_id === null ? null : { id: Number(r.course_id), title: r.course_title ?? '' },
    enrolment_id: r.enrolment_id === null ? null : Number(r.enrolment_id),
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

type Bucket = (typeof organisationProgressCounts.$inferSelect)['bucket'];

/**
 * The dashboard's counters: members, pairs by state (kept by triggers, migration 0039) and the
 * inactive pairs, counted on `enrolments_idle_idx` (time makes them, no trigger can).
 */
async function dashboardCounts(db: Db, organisationId: number): Promise<Record<Bucket | 'inactive', number>> {
  const [stored, idle] = await Promise.all([
    db.select({ bucket: organisationProgressCounts.bucket, n: organisationProgressCounts.n }).from(organisationProgressCounts).where(eq(organisationProgressCounts.organisationId, organisationId)),
    countDashboardRows(db, organisationId, { status: 'inactive' }),
  ]);
  const counts = { members: 0, unenrolled: 0, completed: 0, in_progress: 0, not_started: 0, inactive: idle };
  for (const row of stored) counts[row.bucket] = row.n;
  return counts;
}

async function countDashboardRows(db: Db, organisationId: number, query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${dashboardFrom(organisationId, query)} where ${dashboardFilters(query)}`));
  return Number(row?.n ?? 0);
}

/**
 * The dashboard's page of rows, its filters applied in SQL, and counters over all the
 * organisation's members. Unfiltered or by state, the total is a counter too; a search or a
 * course counts its matches, up to SEARCH_COUNT_CAP. Nothing here reads every member (decision 065).
 */
export async function getDashboard(db: Db, organisationId: number, query: DashboardQuery): Promise<DashboardResponse> {
  const organisation = await requireOrganisation(db, organisationId);
  const searched = Boolean(query.q || query.course_id);
  const [counts, rows, matches] = await Promise.all([
    dashboardCounts(db, organisation.id),
    withProgress(db, sql`select ${dashboardColumns} ${dashboardFrom(organisation.id, query)} where ${dashboardFilters(query)}
      order by ${dashboardOrder} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    searched ? cappedCount(db, sql`select 1 ${dashboardFrom(organisation.id, query)} where ${dashboardFilters(query)}`) : null,
  ]);
  const pairs = counts.completed + counts.in_progress + counts.not_started;
  const { total, capped } = matches ?? { total: query.status ? counts[query.status] : pairs + counts.unenrolled, capped: false };
  return {
    organisation_name: organisation.name,
    items: rows.map(toDashboardRow),
    total,
    totalCapped: capped,
    page: query.page,
    pageSize: query.pageSize,
    summary: { members: counts.members, enrolments: pairs, completed: counts.completed, inactive: counts.inactive },
  };
}

/** Members read per statement by the export: memory stays bounded, whatever the organisation's size. */
const EXPORT_CHUNK_MEMBERS = 500;

function rowStatus(row: DashboardRow): string {
  if (!row.course) return 'Aucune formation';
  if (row.completed_at) return progressStatusLabels.completed;
  if (row.inactive) return progressStatusLabels.inactive;
  return row.last_activity_at ? progressStatusLabels.in_progress : progressStatusLabels.not_started;
}

const EXPORT_HEADER = ['Membre', 'E-mail', 'Formation', 'Statut', 'Progression (%)', 'Leçons terminées', 'Leçons', 'Inscrit le', 'Dernière activité', 'Terminée le', 'Attestation'];

/**
 * The export's lines, written as they are read: the members are walked in the dashboard's order by
 * keyset, EXPORT_CHUNK_MEMBERS at a time, each chunk's rows and progress read set-based. No
 * statement reads the whole organisation, and no line waits for the last one.
 */
async function* dashboardLines(db: Db, organisationId: number, query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>, publicUrl: string): AsyncGenerator<string> {
  yield csvLine(EXPORT_HEADER, true);
  let after: { lastname: string; firstname: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`and (u.lastname, u.firstname, u.id) > (${after.lastname}, ${after.firstname}, ${after.id})` : sql``;
    const chunk = rowsOf<{ id: number; lastname: string; firstname: string }>(
      await db.execute(sql`select u.id, u.lastname, u.firstname from ${users} u
        join ${organisationMembers} m on m.user_id = u.id and m.organisation_id = ${organisationId} and m.status = 'active'
        where true ${keyset} order by u.lastname, u.firstname, u.id limit ${EXPORT_CHUNK_MEMBERS}`),
    );
    if (chunk.length === 0) return;
    const ids = `{${chunk.map((c) => Number(c.id)).join(',')}}`;
    const rows = (
      await withProgress(db, sql`select ${dashboardColumns} ${dashboardFrom(organisationId, query)} where u.id = any(${ids}::int[]) and ${dashboardFilters(query)}`)
    ).map(toDashboardRow);
    let lines = '';
    for (const r of rows) {
      lines += csvLine([
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
      ]);
    }
    if (lines) yield lines;
    const last = chunk[chunk.length - 1]!;
    after = { lastname: last.lastname, firstname: last.firstname, id: Number(last.id) };
    if (chunk.length < EXPORT_CHUNK_MEMBERS) return;
  }
}

/**
 * The whole table (every page, the same filters) as CSV for a spreadsheet: UTF-8 with BOM, `;`,
 * formulas neutralised, streamed (issue 25: never built in memory). The organisation is checked
 * before the first byte, so a refusal is still a JSON error.
 */
export async function exportDashboard(db: Db, organisationId: number, query: Pick<DashboardQuery, 'q' | 'course_id' | 'status'>, publicUrl: string): Promise<{ stream: Readable; fileName: string }> {
  const organisation = await requireOrganisation(db, organisationId);
  const day = parisDay(new Date());
  const slug = normalizeSearch(organisation.name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'organisation';
  return { stream: Readable.from(dashboardLines(db, organisation.id, query, publicUrl)), fileName: `progression-${slug}-${day}.csv` };
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
    const [before] = await tx.select({ seats: organisationSeats.seats }).from(organisationSeats).where(and(eq(organisationSeats.organisationId, organisationId), eq(organisationSeats.courseId, courseId)));
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
    // The organisation learns of a change of its seats (bell and e-mail); saving the same number tells nothing.
    if (before?.seats !== saved.seats) {
      await notify(tx, { userId: organisationId, kind: 'organisation_seats_granted', data: { courseTitle: course.title, seats: saved.seats, used: saved.used } });
    }
    return { course_id: course.id, course_title: course.title, seats: saved.seats, used: saved.used };
  });
}

/**
 * Adds `seats` to an organisation's pool for a course, in the caller's transaction (an accepted
 * quote, issue 29): the pool is created when there was none, and the organisation is told.
 */
export async function addSeats(tx: Executor, organisationId: number, course: { id: number; title: string }, seats: number): Promise<{ course_id: number; seats: number; used: number }> {
  const [pool] = await tx
    .insert(organisationSeats)
    .values({ organisationId, courseId: course.id, seats })
    .onConflictDoUpdate({ target: [organisationSeats.organisationId, organisationSeats.courseId], set: { seats: sql`${organisationSeats.seats} + ${seats}`, updatedAt: new Date() } })
    .returning({ seats: organisationSeats.seats, used: organisationSeats.used });
  await notify(tx, { userId: organisationId, kind: 'organisation_seats_granted', data: { courseTitle: course.title, seats: pool!.seats, used: pool!.used } });
  return { course_id: course.id, seats: pool!.seats, used: pool!.used };
}
