import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CategorySlug } from '../../../shared/categories';
import {
  OPPORTUNITIES_PAGE_SIZE,
  opportunityMessages,
  opportunityTypeLabels,
  parisToday,
  type DigestSettings,
  type DigestUnsubscribe,
  type MyApplications,
  type Opportunity,
  type OpportunityPage,
  type OpportunityResponses,
  type OpportunityType,
  type OpportunityValues,
} from '../../../shared/opportunities';
import { regionName, type RegionSlug } from '../../../shared/regions';
import { isAdmin, isApprovedTrainer, isOrganisation, type Actor } from '../../../shared/roles';
import { webPaths } from '../../../shared/web-paths';
import type { Db, Executor } from '../../db/client';
import { certificates, directoryEntries, opportunities, opportunityDigests, opportunityResponses, organisations, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModerationTarget } from '../../lib/module-manifest';
import { queueMail } from '../../lib/mail/outbox';
import type { AuthUser } from '../../lib/sessions';
import { validAttestations } from '../directory';
import { checkUnsubscribeLink, notify, unsubscribeSecret, unsubscribeToken } from '../notifications';

type OpportunityRow = typeof opportunities.$inferSelect;
type ResponseKind = 'application' | 'proposal';

/** Organisations and administrators post opportunities. */
export function canPostOpportunities(actor: Actor | null | undefined): boolean {
  return isOrganisation(actor) || isAdmin(actor);
}

/** The owner, or an administrator, edits it, closes it and reads its answers. */
function canManage(actor: Actor, row: Pick<OpportunityRow, 'ownerId'>): boolean {
  return isAdmin(actor) || actor.id === row.ownerId;
}

/** Still taking answers: not closed, and its deadline (a Paris day) not passed. */
function isOpen(row: Pick<OpportunityRow, 'closedAt' | 'deadline'>, today = parisToday()): boolean {
  return row.closedAt === null && (row.deadline === null || row.deadline >= today);
}

/** Still taking answers: not closed, and its deadline (a Paris date) not past. */
const takingAnswers = (now = new Date()) => and(isNull(opportunities.closedAt), or(isNull(opportunities.deadline), gte(opportunities.deadline, parisToday(now))))!;

/** Tagged with at least one of `domains`. */
const inAnyDomain = (domains: readonly string[]) => sql`${opportunities.domains} ?| array[${sql.join(domains.map((d) => sql`${d}`), sql`, `)}]::text[]`;

const postedBy = sql<string>`coalesce(${organisations.name}, ${users.firstname} || ' ' || ${users.lastname})`;

function toOpportunity(row: OpportunityRow, extra: { postedBy: string; myKind: ResponseKind | null; myAt: Date | null; responses?: number }, caller: AuthUser): Opportunity {
  const manage = canManage(caller, row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    region: row.region as RegionSlug,
    domains: row.domains as CategorySlug[],
    location: row.location,
    remote: row.remote,
    deadline: row.deadline,
    posted_by: extra.postedBy,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    open: isOpen(row),
    can_manage: manage,
    my_response: extra.myKind && extra.myAt ? { kind: extra.myKind, created_at: extra.myAt.toISOString() } : null,
    ...(manage && extra.responses !== undefined ? { responses_count: extra.responses } : {}),
    ...(row.hiddenAt ? { moderation: 'hidden' as const } : {}),
  };
}

function selectOpportunities(db: Executor, caller: AuthUser) {
  return db
    .select({
      row: opportunities,
      postedBy,
      myKind: opportunityResponses.kind,
      myAt: opportunityResponses.createdAt,
      responses: sql<number>`(select cast(count(*) as integer) from ${opportunityResponses} r where r.opportunity_id = ${opportunities.id})`,
      total: sql<number>`cast(count(*) over() as integer)`,
    })
    .from(opportunities)
    .innerJoin(users, eq(users.id, opportunities.ownerId))
    .leftJoin(organisations, eq(organisations.userId, opportunities.ownerId))
    .leftJoin(opportunityResponses, and(eq(opportunityResponses.opportunityId, opportunities.id), eq(opportunityResponses.userId, caller.id)));
}

export async function createOpportunity(db: Db, caller: AuthUser, values: OpportunityValues): Promise<Opportunity> {
  if (values.deadline && values.deadline < parisToday()) throw AppError.validation({ deadline: [opportunityMessages.deadlinePast] });
  const [row] = await db
    .insert(opportunities)
    .values({ ownerId: caller.id, ...values })
    .returning();
  return getOpportunity(db, caller, row!.id);
}

/** Hidden by moderation, an opportunity reaches only its owner and administrators (decision 043). */
function readableBy(caller: Actor): SQL | undefined {
  return isAdmin(caller) ? undefined : or(isNull(opportunities.hiddenAt), eq(opportunities.ownerId, caller.id));
}

export async function getOpportunity(db: Executor, caller: AuthUser, id: number): Promise<Opportunity> {
  const [found] = await selectOpportunities(db, caller).where(and(eq(opportunities.id, id), readableBy(caller)));
  if (!found) throw AppError.notFound(opportunityMessages.notFound);
  return toOpportunity(found.row, found, caller);
}

export async function listOpportunities(
  db: Db,
  caller: AuthUser,
  query: { type?: OpportunityType | undefined; region?: string | undefined; domain?: string | undefined; scope: 'open' | 'mine'; page: number },
): Promise<OpportunityPage> {
  const conditions: SQL[] = [];
  const readable = readableBy(caller);
  if (readable) conditions.push(readable);
  if (query.scope === 'mine') conditions.push(eq(opportunities.ownerId, caller.id));
  else {
    conditions.push(takingAnswers());
  }
  if (query.type) conditions.push(eq(opportunities.type, query.type));
  if (query.region) conditions.push(eq(opportunities.region, query.region));
  if (query.domain) conditions.push(sql`${opportunities.domains} ? ${query.domain}`);
  const pageSize = OPPORTUNITIES_PAGE_SIZE;
  const rows = await selectOpportunities(db, caller)
    .where(and(...conditions))
    .orderBy(desc(opportunities.createdAt), desc(opportunities.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return { items: rows.map((r) => toOpportunity(r.row, r, caller)), total: rows[0]?.total ?? 0, page: query.page, pageSize };
}

/** The row for a change by its owner (or an administrator): 404 when missing, 403 for anyone else. */
async function managedRow(tx: Executor, caller: AuthUser, id: number): Promise<OpportunityRow> {
  const [row] = await tx.select().from(opportunities).where(eq(opportunities.id, id)).for('update');
  if (!row) throw AppError.notFound(opportunityMessages.notFound);
  if (!canManage(caller, row)) throw AppError.forbidden(opportunityMessages.ownerOnly);
  return row;
}

export async function updateOpportunity(db: Db, caller: AuthUser, id: number, values: OpportunityValues): Promise<Opportunity> {
  await db.transaction(async (tx) => {
    const row = await managedRow(tx, caller, id);
    // A deadline already in the past may stay as it was; a new one may not be in the past.
    if (values.deadline && values.deadline !== row.deadline && values.deadline < parisToday()) {
      throw AppError.validation({ deadline: [opportunityMessages.deadlinePast] });
    }
    await tx.update(opportunities).set({ ...values, updatedAt: new Date() }).where(eq(opportunities.id, id));
  });
  return getOpportunity(db, caller, id);
}

export async function closeOpportunity(db: Db, caller: AuthUser, id: number): Promise<Opportunity> {
  await db.transaction(async (tx) => {
    const row = await managedRow(tx, caller, id);
    if (row.closedAt === null) await tx.update(opportunities).set({ closedAt: new Date(), updatedAt: new Date() }).where(eq(opportunities.id, id));
  });
  return getOpportunity(db, caller, id);
}

export async function deleteOpportunity(db: Db, caller: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await managedRow(tx, caller, id);
    await tx.delete(opportunities).where(eq(opportunities.id, id));
  });
}

/**
 * Records an application or a proposal, once per person, while the opportunity is open, and tells
 * its owner in the same transaction. The attestations shown must be the caller's own valid ones.
 */
async function respond(db: Db, caller: AuthUser, id: number, kind: ResponseKind, message: string, certificateCodes: string[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(opportunities).where(eq(opportunities.id, id)).for('share');
    if (!row || (row.hiddenAt && row.ownerId !== caller.id && !isAdmin(caller))) throw AppError.notFound(opportunityMessages.notFound);
    if (row.ownerId === caller.id) throw AppError.forbidden(opportunityMessages.ownOpportunity);
    if (kind === 'application' && row.type === 'training_request') throw new AppError('use_proposal', 409, opportunityMessages.useProposal);
    if (kind === 'proposal' && row.type !== 'training_request') throw new AppError('not_a_training_request', 409, opportunityMessages.proposalOnlyForTrainingRequest);
    if (row.closedAt !== null) throw new AppError('opportunity_closed', 410, opportunityMessages.closed);
    if (!isOpen(row)) throw new AppError('opportunity_closed', 410, opportunityMessages.deadlinePassed);
    let certificateIds: number[] = [];
    if (certificateCodes.length > 0) {
      const owned = await tx
        .select({ id: certificates.id, code: certificates.code })
        .from(certificates)
        .where(and(inArray(certificates.code, certificateCodes), eq(certificates.userId, caller.id), isNull(certificates.revokedAt)));
      const ownedCodes = new Set(owned.map((c) => c.code));
      const foreign = certificateCodes.map((code, index) => [code, index] as const).filter(([code]) => !ownedCodes.has(code));
      if (foreign.length > 0) {
        throw AppError.validation(Object.fromEntries(foreign.map(([, index]) => [`certificate_codes.${index}`, [opportunityMessages.certificateNotYours]])), opportunityMessages.certificateNotYours);
      }
      certificateIds = certificateCodes.map((code) => owned.find((c) => c.code === code)!.id);
    }
    const [created] = await tx
      .insert(opportunityResponses)
      .values({ opportunityId: id, userId: caller.id, kind, message, certificateIds })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('already_answered', 409, opportunityMessages.alreadyApplied);
    const [me] = await tx.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, caller.id));
    await notify(tx, {
      userId: row.ownerId,
      kind: 'opportunity_response',
      data: { opportunityId: id, opportunityTitle: row.title, applicantName: `${me!.firstname} ${me!.lastname}`, kind },
    });
    return { id: created.id, kind, created_at: created.createdAt.toISOString() };
  });
}

export function apply(db: Db, caller: AuthUser, id: number, body: { message: string; certificate_codes: string[] }) {
  return respond(db, caller, id, 'application', body.message, body.certificate_codes);
}

/** Only approved trainers propose (checked here, after the id, so a malformed id is a 422 for everyone). */
export function propose(db: Db, caller: AuthUser, id: number, body: { message: string }) {
  if (!isApprovedTrainer(caller)) throw AppError.forbidden(opportunityMessages.proposalForbidden);
  return respond(db, caller, id, 'proposal', body.message, []);
}

/** The answers to an opportunity, for its owner and administrators: names, messages, chosen attestations; no e-mail. */
export async function listResponses(db: Db, caller: AuthUser, id: number): Promise<OpportunityResponses> {
  const [row] = await db.select({ ownerId: opportunities.ownerId }).from(opportunities).where(eq(opportunities.id, id));
  if (!row) throw AppError.notFound(opportunityMessages.notFound);
  if (!canManage(caller, row)) throw AppError.forbidden(opportunityMessages.ownerOnly);
  const rows = await db
    .select({ response: opportunityResponses, firstname: users.firstname, lastname: users.lastname, role: users.role })
    .from(opportunityResponses)
    .innerJoin(users, eq(users.id, opportunityResponses.userId))
    .where(eq(opportunityResponses.opportunityId, id))
    .orderBy(asc(opportunityResponses.createdAt), asc(opportunityResponses.id));
  const attestations = await attestationsOf(db, rows.map((r) => r.response));
  return {
    items: rows.map((r) => ({
      id: r.response.id,
      kind: r.response.kind,
      applicant: { id: r.response.userId, firstname: r.firstname, lastname: r.lastname, role: r.role },
      message: r.response.message,
      attestations: attestations(r.response),
      created_at: r.response.createdAt.toISOString(),
    })),
  };
}

/** The chosen attestations of each answer that still stand (a revoked one is no longer shown). */
async function attestationsOf(db: Executor, responses: { userId: number; certificateIds: number[] }[]) {
  const ids = [...new Set(responses.flatMap((r) => r.certificateIds))];
  const valid = await validAttestations(db, [...new Set(responses.map((r) => r.userId))], ids);
  return (response: { userId: number; certificateIds: number[] }) =>
    (valid.get(response.userId) ?? []).filter((a) => response.certificateIds.includes(a.id)).map(({ id: _id, ...a }) => a);
}

export async function myApplications(db: Db, caller: AuthUser): Promise<MyApplications> {
  const rows = await db
    .select({ response: opportunityResponses, opportunity: opportunities, postedBy })
    .from(opportunityResponses)
    .innerJoin(opportunities, eq(opportunities.id, opportunityResponses.opportunityId))
    .innerJoin(users, eq(users.id, opportunities.ownerId))
    .leftJoin(organisations, eq(organisations.userId, opportunities.ownerId))
    // An answer to an opportunity hidden by moderation leaves the list while it is hidden (still in the export).
    .where(and(eq(opportunityResponses.userId, caller.id), isNull(opportunities.hiddenAt)))
    .orderBy(desc(opportunityResponses.createdAt), desc(opportunityResponses.id));
  const attestations = await attestationsOf(db, rows.map((r) => r.response));
  return {
    items: rows.map((r) => ({
      id: r.response.id,
      kind: r.response.kind,
      opportunity: { id: r.opportunity.id, title: r.opportunity.title, type: r.opportunity.type, posted_by: r.postedBy, open: isOpen(r.opportunity) },
      message: r.response.message,
      attestations: attestations(r.response),
      created_at: r.response.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The weekly digest

/**
 * The digest's name in one-click unsubscribe links (decision 024): signed with the notifications'
 * scheme, it never names a kind of notification, so a digest link stops only the digest.
 */
const DIGEST_SUBSCRIPTION = 'opportunity_digest';
const DIGEST_UNSUBSCRIBE_PREFIX = '/api/opportunities/digest/unsubscribe/';
const digestUnsubscribePath = (token: string) => `${DIGEST_UNSUBSCRIBE_PREFIX}${token}`;

/** The account a digest link names, once its signature is checked against the account's current address (400 otherwise). */
async function digestLinkOwner(db: Executor, token: string): Promise<number> {
  return (await checkUnsubscribeLink(db, token, [DIGEST_SUBSCRIPTION], opportunityMessages.invalidDigestUnsubscribeLink)).userId;
}

/** The GET of the digest's link: whether the digest is on; changes nothing (mail scanners open links). */
export async function describeDigestUnsubscribe(db: Db, token: string): Promise<DigestUnsubscribe> {
  const userId = await digestLinkOwner(db, token);
  return { weekly: (await digestSettings(db, userId)).weekly, changed: false };
}

/** The POST of the digest's link (RFC 8058 one-click, or the page's button): the digest off, no session needed. */
export async function unsubscribeDigest(db: Db, token: string): Promise<DigestUnsubscribe> {
  const userId = await digestLinkOwner(db, token);
  const removed = await db.delete(opportunityDigests).where(eq(opportunityDigests.userId, userId)).returning({ userId: opportunityDigests.userId });
  return { weekly: false, changed: removed.length > 0 };
}

export async function digestSettings(db: Executor, userId: number): Promise<DigestSettings> {
  const [row] = await db.select().from(opportunityDigests).where(eq(opportunityDigests.userId, userId));
  return { weekly: Boolean(row), domains: (row?.domains ?? []) as CategorySlug[] };
}

/** Opting in keeps the date of the last digest, so turning it off and on again never sends two in a week. */
export async function saveDigestSettings(db: Db, userId: number, body: { weekly: boolean; domains: string[] }): Promise<DigestSettings> {
  if (!body.weekly) await db.delete(opportunityDigests).where(eq(opportunityDigests.userId, userId));
  else await db.insert(opportunityDigests).values({ userId, domains: body.domains }).onConflictDoUpdate({ target: opportunityDigests.userId, set: { domains: body.domains } });
  return digestSettings(db, userId);
}

export const DIGEST_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
const DIGEST_MAX_ITEMS = 20;

/**
 * Sends each opted-in person, at most once every 7 days, the opportunities posted since their last
 * digest (a first one looks a week back) in their domains: those they chose for the digest, else those of
 * their directory entry. Nobody gets an empty digest. The claim on `last_sent_at` is conditional,
 * so two processes running the job at once send one mail. Returns how many were queued.
 */
export async function sendWeeklyDigests(db: Db, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const subscribers = await db
    .select({ digest: opportunityDigests, email: users.email, firstname: users.firstname, directoryDomains: directoryEntries.domains })
    .from(opportunityDigests)
    .innerJoin(users, eq(users.id, opportunityDigests.userId))
    .leftJoin(directoryEntries, eq(directoryEntries.userId, opportunityDigests.userId))
    .where(and(or(isNull(opportunityDigests.lastSentAt), lt(opportunityDigests.lastSentAt, due)), sql`(${users.isValid} or ${users.role} = 'formateur')`));
  let sent = 0;
  for (const subscriber of subscribers) {
    const domains = subscriber.digest.domains.length > 0 ? subscriber.digest.domains : (subscriber.directoryDomains ?? []);
    if (domains.length === 0) continue;
    // What was posted since the last digest; a first digest looks one week back.
    const since = subscriber.digest.lastSentAt ?? due;
    const fresh = await db
      .select({ id: opportunities.id, title: opportunities.title, type: opportunities.type, region: opportunities.region })
      .from(opportunities)
      .where(
        and(
          gt(opportunities.createdAt, since),
          takingAnswers(now),
          isNull(opportunities.hiddenAt),
          sql`${opportunities.ownerId} <> ${subscriber.digest.userId}`,
          inAnyDomain(domains),
        ),
      )
      .orderBy(desc(opportunities.createdAt), desc(opportunities.id))
      .limit(DIGEST_MAX_ITEMS);
    if (fresh.length === 0) continue;
    const queued = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(opportunityDigests)
        .set({ lastSentAt: now })
        .where(and(eq(opportunityDigests.userId, subscriber.digest.userId), or(isNull(opportunityDigests.lastSentAt), lt(opportunityDigests.lastSentAt, due))))
        .returning({ userId: opportunityDigests.userId });
      if (claimed.length === 0) return false;
      const unsubscribePath = digestUnsubscribePath(unsubscribeToken(await unsubscribeSecret(tx), subscriber.digest.userId, DIGEST_SUBSCRIPTION, subscriber.email));
      await queueMail(tx, {
        to: subscriber.email,
        template: 'opportunity-digest',
        data: {
          firstname: subscriber.firstname,
          opportunities: fresh.map((o) => ({ label: `${opportunityTypeLabels[o.type]} : ${o.title} (${regionName(o.region)})`, path: webPaths.opportunity(o.id) })),
          listPath: webPaths.opportunities,
          unsubscribePath,
        },
        // The path is completed with PUBLIC_URL when the message is sent (mail worker).
        headers: { 'List-Unsubscribe': `<${unsubscribePath}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/**
 * The moderation target `opportunity` (decision 043): seen by anyone signed in (while not hidden);
 * its author is its owner. Hiding keeps it from all but its owner and administrators (list,
 * page, answers, digest); removing deletes it with its answers, as its owner's deletion would.
 */
export const opportunityTarget: ModerationTarget = {
  async describe(db, id, viewerId) {
    const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id)).limit(1);
    if (!row || (viewerId !== null && row.hiddenAt && row.ownerId !== viewerId)) return null;
    return { authorId: row.ownerId, excerpt: `${row.title}\n\n${row.description}`, link: webPaths.opportunity(row.id) };
  },
  async hide(tx, id, hidden) {
    await tx.update(opportunities).set({ hiddenAt: hidden ? new Date() : null }).where(eq(opportunities.id, id));
  },
  async remove(tx, id) {
    await tx.delete(opportunities).where(eq(opportunities.id, id));
  },
};

/** How far back the « Votre activité » panel looks for opportunities. */
export const RECENT_OPPORTUNITIES_DAYS = 14;

/**
 * The « Votre activité » panel's new opportunities (issue 26): the open ones posted in the last 14
 * days by others, in the person's domains (those of their directory entry, else those of their
 * digest); with no domain at all, the latest ones. The most recent first, at most `limit`.
 */
export async function recentOpportunitiesFor(
  db: Executor,
  userId: number,
  limit: number,
  now = new Date(),
): Promise<{ id: number; title: string; type: OpportunityType; region: RegionSlug; at: string }[]> {
  const [[entry], digest] = await Promise.all([db.select({ domains: directoryEntries.domains }).from(directoryEntries).where(eq(directoryEntries.userId, userId)), digestSettings(db, userId)]);
  const domains = entry && entry.domains.length > 0 ? entry.domains : digest.domains;
  const since = new Date(now.getTime() - RECENT_OPPORTUNITIES_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ id: opportunities.id, title: opportunities.title, type: opportunities.type, region: opportunities.region, createdAt: opportunities.createdAt })
    .from(opportunities)
    .where(
      and(
        gt(opportunities.createdAt, since),
        takingAnswers(now),
        isNull(opportunities.hiddenAt),
        sql`${opportunities.ownerId} <> ${userId}`,
        domains.length > 0 ? inAnyDomain(domains) : undefined,
      ),
    )
    .orderBy(desc(opportunities.createdAt), desc(opportunities.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, region: r.region as RegionSlug, at: r.createdAt.toISOString() }));
}
