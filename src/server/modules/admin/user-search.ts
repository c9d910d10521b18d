import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUsersQuery, AdminUsersResponse } from '../../../shared/admin';
import { escapeLike, normalizeSearch } from '../../../shared/text';
import type { Db } from '../../db/client';
import { cappedCount } from '../../lib/capped-count';
import { meetingUserCount, userCounts, users } from '../../db/schema';
import { latestMeetingQuery } from '../meetings';
import { toAdminUser, type AdminUserSource } from './admin-user';

/**
 * The administration's user search: one page of users, searched and filtered in SQL, with the
 * total and the dashboard counters (`GET /api/admin/dashboard` and `GET /api/users`).
 */

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

/** An instant as the API writes it (what Date.prototype.toISOString gives), computed by the database. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One row of the dashboard query: the counters, then one user of the page (all null when the page is empty). */
interface DashboardRow extends Record<string, unknown>, Omit<AdminUserSource, 'id'> {
  total: number;
  pending: number;
  approved: number;
  meetings: number;
  filtered: number;
  id: number | null;
  createdAt: string;
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
      u.id, u.firstname, u.lastname, u.email, u.role, u.speciality, u.is_valid as "isValid",
      u.cv_path as "cvPath", u.profil_picture as "profilPicture", u.phone_number as "phoneNumber", u.country, u.gender,
      u.birthdate::text as birthdate, ${isoText(sql`u.created_at`)} as "createdAt", u.rejected_at as "rejectedAt", u.email_confirmed_at as "emailConfirmedAt",
      m.id as meeting_id, ${isoText(sql`m.scheduled_at`)} as meeting_date, m.url as meeting_url
    from counters c
    left join (page_ids p join ${users} u on u.id = p.id) on true
    left join lateral ${latestMeetingQuery(db, sql`p.id`)} m on true
    order by p.created_at desc, p.id desc
  `);
  // Both drivers (pg and PGlite) answer a raw statement with its rows under `rows`.
  const { rows } = result as { rows: DashboardRow[] };
  const { total: all, pending, approved, meetings: withMeeting, filtered: bucketTotal } = rows[0]!;
  const pageUsers: AdminUser[] = rows
    .filter((r): r is DashboardRow & { id: number } => r.id !== null)
    .map((r) => toAdminUser(r, r.meeting_id !== null ? { id: r.meeting_id, date: r.meeting_date!, url: r.meeting_url! } : null));

  // A search's total: a page that is not full already tells it (most searches name one person).
  let total = bucketTotal;
  let totalCapped = false;
  if (!countedByBuckets) {
    if (pageUsers.length < query.pageSize && (pageUsers.length > 0 || query.page === 1)) total = offset + pageUsers.length;
    else ({ total, capped: totalCapped } = await cappedCount(db, db.select({ one: sql`1` }).from(users).where(where)));
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
