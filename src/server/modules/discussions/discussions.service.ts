import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  canModerateDiscussions,
  DELETED_AUTHOR,
  discussionMessages,
  REPLIES_PAGE_SIZE,
  THREADS_PAGE_SIZE,
  type DiscussionAuthor,
  type Reply,
  type ThreadDetail,
  type ThreadItem,
  type ThreadListQuery,
  type ThreadPage,
  type ThreadQuery,
  type ThreadValues,
} from '../../../shared/discussions';
import { canViewCourse } from '../../../shared/courses';
import { REMOVED_BY_MODERATION, type ModerationState } from '../../../shared/moderation';
import { isAdmin, type Actor } from '../../../shared/roles';
import { webPaths } from '../../../shared/web-paths';
import { normalizeSearch } from '../../../shared/text';
import type { Db, Executor } from '../../db/client';
import { courses, courseSections, discussionFollows, discussionReplies, discussionThreads, enrolments, lessons, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModerationTarget } from '../../lib/module-manifest';

import { publishToUsers } from '../../lib/event-bus';
import type { AuthUser } from '../../lib/sessions';
import { renderLessonMarkdown } from '../learning';
import { notify } from '../notifications';

interface CourseRef {
  id: number;
  title: string;
  authorId: number;
}

/** What the caller is to a course's discussions. */
interface Access {
  course: CourseRef;
  moderator: boolean;
}

/**
 * The course's discussions are open to its enrolled learners, its trainer (the author) and
 * administrators. Someone who cannot even see the course (another trainer's draft) learns
 * nothing of it (404); anyone else is refused with 403.
 */
async function courseAccess(db: Executor, actor: Actor, courseId: number): Promise<Access> {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, authorId: courses.authorId, status: courses.status, enrolled: enrolments.userId })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, actor.id)))
    .where(eq(courses.id, courseId))
    .limit(1);
  const enrolled = row?.enrolled != null;
  if (!row || (!enrolled && !canViewCourse(actor, row))) throw AppError.notFound(discussionMessages.courseNotFound);
  const course = { id: row.id, title: row.title, authorId: row.authorId };
  const moderator = canModerateDiscussions(actor, course);
  if (!enrolled && !moderator) throw AppError.forbidden(discussionMessages.notParticipant);
  return { course, moderator };
}

type ThreadRow = typeof discussionThreads.$inferSelect;

/** The thread and what the caller is to its course; a thread of a course the caller cannot see is a 404. */
async function threadAccess(db: Executor, actor: Actor, threadId: number): Promise<Access & { thread: ThreadRow }> {
  const [thread] = await db.select().from(discussionThreads).where(eq(discussionThreads.id, threadId)).limit(1);
  // A thread hidden by moderation reaches only its author and administrators (decision 043).
  if (!thread || (thread.hiddenAt && thread.authorId !== actor.id && !isAdmin(actor))) throw AppError.notFound(discussionMessages.threadNotFound);
  try {
    return { ...(await courseAccess(db, actor, thread.courseId)), thread };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound(discussionMessages.threadNotFound);
    throw error;
  }
}

/** What moderation made of a thread or a reply (decision 043). */
function moderationOf(row: { hiddenAt: Date | null; removedAt: Date | null }): { moderation?: ModerationState } {
  if (row.removedAt) return { moderation: 'removed' };
  return row.hiddenAt ? { moderation: 'hidden' } : {};
}

/** The threads or replies the caller reads: all for administrators, else all but others' hidden ones. */
function readable(actor: Actor, table: typeof discussionThreads | typeof discussionReplies): SQL | undefined {
  return isAdmin(actor) ? undefined : or(isNull(table.hiddenAt), eq(table.authorId, actor.id));
}

function authorOf(row: { authorId: number | null; firstname: string | null; lastname: string | null }, course: { authorId: number }): DiscussionAuthor {
  if (row.authorId === null || row.firstname === null) return { id: null, name: DELETED_AUTHOR, is_trainer: false };
  return { id: row.authorId, name: `${row.firstname} ${row.lastname ?? ''}`.trim(), is_trainer: row.authorId === course.authorId };
}

// ---------------------------------------------------------------------------------------------
// Search (decision 027): the catalogue's French configuration, accents and endings ignored.

const MAX_SEARCH_WORDS = 8;

/**
 * The words as prefixes, all required: `déchets tri` → `dechets:* & tri:*`, which `ecoforma_fr`
 * turns into `dechet:* & tri:*` (unaccented French stems), so 'dechets' finds 'déchets' and a word
 * being typed ('compost') finds 'compostage'. Null when nothing searchable is left.
 */
export function threadSearchQuery(q: string | undefined): string | null {
  const tokens = normalizeSearch(q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  return tokens.length > 0 ? tokens.map((token) => `${token}:*`).join(' & ') : null;
}

/** A thread matches when its title and body, or one of its replies, hold every word. */
function searchMatch(query: string): SQL {
  const tsquery = sql`to_tsquery('ecoforma_fr', ${query})`;
  return sql`(${discussionThreads.searchVector} @@ ${tsquery} or exists (
    select 1 from ${discussionReplies} r where r.thread_id = ${discussionThreads.id} and r.hidden_at is null and r.search_vector @@ ${tsquery}))`;
}

/** The replies the actor reads (others' hidden replies left out, but for administrators). */
const repliesCount = (actor: Actor) =>
  sql<number>`(select cast(count(*) as integer) from ${discussionReplies} r where r.thread_id = ${discussionThreads.id} and (${isAdmin(actor)} or r.hidden_at is null or r.author_id = ${actor.id}))`.mapWith(Number);

function selectThreads(db: Executor, actor: Actor) {
  return db
    .select({
      thread: discussionThreads,
      firstname: users.firstname,
      lastname: users.lastname,
      lessonTitle: lessons.title,
      repliesCount: repliesCount(actor),
    })
    .from(discussionThreads)
    .leftJoin(users, eq(users.id, discussionThreads.authorId))
    .leftJoin(lessons, eq(lessons.id, discussionThreads.lessonId));
}

type ListedThread = Awaited<ReturnType<typeof selectThreads>>[number];

function toItem(row: ListedThread, course: CourseRef): ThreadItem {
  const t = row.thread;
  return {
    id: t.id,
    course_id: t.courseId,
    lesson: t.lessonId !== null && row.lessonTitle !== null ? { id: t.lessonId, title: row.lessonTitle } : null,
    kind: t.kind,
    title: t.removedAt ? REMOVED_BY_MODERATION : t.title,
    author: authorOf({ authorId: t.authorId, firstname: row.firstname, lastname: row.lastname }, course),
    replies_count: row.repliesCount,
    answered: t.acceptedReplyId !== null,
    locked: t.lockedAt !== null,
    created_at: t.createdAt.toISOString(),
    last_activity_at: t.lastActivityAt.toISOString(),
    ...moderationOf(t),
  };
}

/** `GET /api/courses/:id/threads`: latest activity first, or by relevance when searched. */
export async function listThreads(db: Db, actor: AuthUser, courseId: number, query: ThreadListQuery): Promise<ThreadPage> {
  const { course, moderator } = await courseAccess(db, actor, courseId);
  const filters: SQL[] = [eq(discussionThreads.courseId, course.id)];
  if (query.lesson !== undefined) filters.push(eq(discussionThreads.lessonId, query.lesson));
  if (query.kind !== undefined) filters.push(eq(discussionThreads.kind, query.kind));
  const search = threadSearchQuery(query.q);
  if (search) filters.push(searchMatch(search));
  const visible = readable(actor, discussionThreads);
  if (visible) filters.push(visible);
  const where = and(...filters);

  const [counted] = await db.select({ n: count() }).from(discussionThreads).where(where);
  const order = search
    ? [desc(sql`ts_rank(${discussionThreads.searchVector}, to_tsquery('ecoforma_fr', ${search}))`), desc(discussionThreads.lastActivityAt), desc(discussionThreads.id)]
    : [desc(discussionThreads.lastActivityAt), desc(discussionThreads.id)];
  const rows = await selectThreads(db, actor)
    .where(where)
    .orderBy(...order)
    .limit(THREADS_PAGE_SIZE)
    .offset((query.page - 1) * THREADS_PAGE_SIZE);
  return { course: { id: course.id, title: course.title }, items: rows.map((row) => toItem(row, course)), total: counted?.n ?? 0, page: query.page, pageSize: THREADS_PAGE_SIZE, can_moderate: moderator };
}

/** `POST /api/courses/:id/threads`: the author follows their own thread; the course's trainer is told. */
export async function createThread(db: Db, actor: AuthUser, courseId: number, values: ThreadValues): Promise<{ id: number }> {
  const { course } = await courseAccess(db, actor, courseId);
  if (values.lesson_id !== null) {
    const [lesson] = await db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
      .where(and(eq(lessons.id, values.lesson_id), eq(courseSections.courseId, course.id)))
      .limit(1);
    if (!lesson) throw AppError.validation({ lesson_id: [discussionMessages.lessonNotInCourse] }, discussionMessages.lessonNotInCourse);
  }
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(discussionThreads)
      .values({ courseId: course.id, lessonId: values.lesson_id, authorId: actor.id, kind: values.kind, title: values.title, body: values.body })
      .returning({ id: discussionThreads.id });
    await tx.insert(discussionFollows).values({ threadId: thread!.id, userId: actor.id }).onConflictDoNothing();
    // The trainer hears of every new thread of their course (not of their own).
    if (course.authorId !== actor.id) {
      await notify(tx, {
        userId: course.authorId,
        kind: 'discussion_thread',
        data: { courseId: course.id, courseTitle: course.title, threadId: thread!.id, threadTitle: values.title, kind: values.kind, authorName: `${actor.firstname} ${actor.lastname}`.trim() },
      });
    }
    return { id: thread!.id };
  });
}

/** A follower's reading mark moves to now as they open the thread; tells whether they follow it. */
async function markRead(db: Executor, threadId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(discussionFollows)
    .set({ lastReadAt: new Date() })
    .where(and(eq(discussionFollows.threadId, threadId), eq(discussionFollows.userId, userId)))
    .returning({ userId: discussionFollows.userId });
  return rows.length > 0;
}

/** `GET /api/threads/:id`: the thread with its replies, oldest first, a page at a time or all. */
export async function getThread(db: Db, actor: AuthUser, threadId: number, query: ThreadQuery): Promise<ThreadDetail> {
  const { course, moderator, thread } = await threadAccess(db, actor, threadId);
  const [listed] = await selectThreads(db, actor).where(eq(discussionThreads.id, thread.id)).limit(1);
  const replyRows = db
    .select({ reply: discussionReplies, firstname: users.firstname, lastname: users.lastname })
    .from(discussionReplies)
    .leftJoin(users, eq(users.id, discussionReplies.authorId))
    .where(and(eq(discussionReplies.threadId, thread.id), readable(actor, discussionReplies)))
    .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id));
  const total = listed!.repliesCount;
  const pageSize = query.all ? Math.max(total, 1) : REPLIES_PAGE_SIZE;
  const page = query.all ? 1 : query.page;
  const rows = query.all ? await replyRows : await replyRows.limit(REPLIES_PAGE_SIZE).offset((page - 1) * REPLIES_PAGE_SIZE);
  const replies: Reply[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.reply.id,
      author: authorOf({ authorId: row.reply.authorId, firstname: row.firstname, lastname: row.lastname }, course),
      body_html: row.reply.removedAt ? `<p>${REMOVED_BY_MODERATION}</p>` : await renderLessonMarkdown(row.reply.body),
      accepted: row.reply.id === thread.acceptedReplyId,
      created_at: row.reply.createdAt.toISOString(),
      ...moderationOf(row.reply),
    })),
  );
  return {
    ...toItem(listed!, course),
    course_title: course.title,
    body_html: thread.removedAt ? `<p>${REMOVED_BY_MODERATION}</p>` : await renderLessonMarkdown(thread.body),
    accepted_reply_id: thread.acceptedReplyId,
    following: await markRead(db, thread.id, actor.id),
    can_moderate: moderator,
    replies,
    replies_page: { total, page, pageSize },
  };
}

/**
 * `POST /api/threads/:id/replies`: refused on a locked thread (409). The replier follows the
 * thread; the course's trainer and every follower but the replier are notified. A live event
 * (`discussion_reply`) goes, at the commit, to those and to the course's enrolled learners (who
 * may be reading the thread), so an open thread shows the reply without a reload.
 */
export async function addReply(db: Db, actor: AuthUser, threadId: number, body: string): Promise<Reply> {
  const { course } = await threadAccess(db, actor, threadId);
  return db.transaction(async (tx) => {
    // Locked in the transaction: a reply cannot slip in while the thread is being locked.
    const [thread] = await tx.select().from(discussionThreads).where(eq(discussionThreads.id, threadId)).for('update').limit(1);
    if (!thread) throw AppError.notFound(discussionMessages.threadNotFound);
    if (thread.lockedAt !== null) throw AppError.invalidTransition(discussionMessages.locked);
    const now = new Date();
    const [reply] = await tx.insert(discussionReplies).values({ threadId, authorId: actor.id, body, createdAt: now }).returning();
    await tx.update(discussionThreads).set({ lastActivityAt: now }).where(eq(discussionThreads.id, threadId));
    await tx
      .insert(discussionFollows)
      .values({ threadId, userId: actor.id, lastReadAt: now })
      .onConflictDoUpdate({ target: [discussionFollows.threadId, discussionFollows.userId], set: { lastReadAt: now } });

    const followers = await tx.select({ userId: discussionFollows.userId }).from(discussionFollows).where(eq(discussionFollows.threadId, threadId));
    const recipients = new Set([course.authorId, ...followers.map((f) => f.userId)]);
    recipients.delete(actor.id);
    const replierName = `${actor.firstname} ${actor.lastname}`.trim();
    for (const userId of [...recipients].sort((a, b) => a - b)) {
      await notify(tx, {
        userId,
        kind: 'discussion_reply',
        data: { courseId: course.id, courseTitle: course.title, threadId, threadTitle: thread.title, replierName },
      });
    }
    const learners = await tx.select({ userId: enrolments.userId }).from(enrolments).where(eq(enrolments.courseId, course.id));
    const viewers = new Set([...recipients, ...learners.map((l) => l.userId)]);
    viewers.delete(actor.id);
    await publishToUsers(tx, [...viewers], { type: 'discussion_reply', thread_id: threadId, course_id: course.id, reply_id: reply!.id });
    return {
      id: reply!.id,
      author: { id: actor.id, name: replierName, is_trainer: actor.id === course.authorId },
      body_html: await renderLessonMarkdown(reply!.body),
      accepted: false,
      created_at: reply!.createdAt.toISOString(),
    };
  });
}

/**
 * `POST /api/replies/:id/accept`: the course's trainer or an administrator marks the answer of a
 * question; one per thread, marking another one moves it.
 */
export async function acceptReply(db: Db, actor: AuthUser, replyId: number): Promise<{ thread_id: number; accepted_reply_id: number }> {
  const [reply] = await db
    .select({ id: discussionReplies.id, threadId: discussionReplies.threadId, authorId: discussionReplies.authorId, hiddenAt: discussionReplies.hiddenAt, removedAt: discussionReplies.removedAt })
    .from(discussionReplies)
    .where(eq(discussionReplies.id, replyId))
    .limit(1);
  // A reply hidden by moderation is out of the trainer's sight; a removed one has nothing left to accept (decision 043).
  if (!reply || reply.removedAt || (reply.hiddenAt && reply.authorId !== actor.id && !isAdmin(actor))) throw AppError.notFound(discussionMessages.replyNotFound);
  const { moderator, thread } = await threadAccess(db, actor, reply.threadId).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404 ? AppError.notFound(discussionMessages.replyNotFound) : error;
  });
  if (!moderator) throw AppError.forbidden(discussionMessages.notModerator);
  if (thread.kind !== 'question') throw AppError.invalidTransition(discussionMessages.acceptOnDiscussion);
  await db.transaction(async (tx) => {
    await tx.update(discussionThreads).set({ acceptedReplyId: reply.id, updatedAt: new Date() }).where(eq(discussionThreads.id, thread.id));
    await tx
      .update(discussionReplies)
      .set({ acceptedById: sql`case when ${discussionReplies.id} = ${reply.id} then ${actor.id}::integer else null end` })
      .where(eq(discussionReplies.threadId, thread.id));
  });
  return { thread_id: thread.id, accepted_reply_id: reply.id };
}

/** `POST /api/threads/:id/follow`: follow, or stop following (`{ following: false }`). */
export async function setFollowing(db: Db, actor: AuthUser, threadId: number, following: boolean): Promise<{ following: boolean }> {
  const { thread } = await threadAccess(db, actor, threadId);
  if (following) await db.insert(discussionFollows).values({ threadId: thread.id, userId: actor.id }).onConflictDoNothing();
  else await db.delete(discussionFollows).where(and(eq(discussionFollows.threadId, thread.id), eq(discussionFollows.userId, actor.id)));
  return { following };
}

/** `POST /api/threads/:id/lock`: the trainer or an administrator locks (or unlocks) a thread. */
export async function setLocked(db: Db, actor: AuthUser, threadId: number, locked: boolean): Promise<{ locked: boolean }> {
  const { moderator, thread } = await threadAccess(db, actor, threadId);
  if (!moderator) throw AppError.forbidden(discussionMessages.notModerator);
  await db
    .update(discussionThreads)
    .set(locked ? { lockedAt: thread.lockedAt ?? new Date(), lockedById: thread.lockedAt ? thread.lockedById : actor.id, updatedAt: new Date() } : { lockedAt: null, lockedById: null, updatedAt: new Date() })
    .where(eq(discussionThreads.id, thread.id));
  return { locked };
}

/** The data export's sections: the person's threads, replies and follows. */
export async function exportDiscussions(db: Executor, userId: number) {
  const threads = await db
    .select({ thread: discussionThreads, courseTitle: courses.title })
    .from(discussionThreads)
    .innerJoin(courses, eq(courses.id, discussionThreads.courseId))
    .where(eq(discussionThreads.authorId, userId))
    .orderBy(asc(discussionThreads.createdAt), asc(discussionThreads.id));
  const replies = await db
    .select({ reply: discussionReplies, threadTitle: discussionThreads.title, courseId: discussionThreads.courseId })
    .from(discussionReplies)
    .innerJoin(discussionThreads, eq(discussionThreads.id, discussionReplies.threadId))
    .where(eq(discussionReplies.authorId, userId))
    .orderBy(asc(discussionReplies.createdAt), asc(discussionReplies.id));
  const follows = await db
    .select({ threadId: discussionFollows.threadId, title: discussionThreads.title, createdAt: discussionFollows.createdAt, lastReadAt: discussionFollows.lastReadAt })
    .from(discussionFollows)
    .innerJoin(discussionThreads, eq(discussionThreads.id, discussionFollows.threadId))
    .where(eq(discussionFollows.userId, userId))
    .orderBy(asc(discussionFollows.createdAt));
  return { threads, replies, follows };
}

// ---------------------------------------------------------------------------------------------
// Moderation targets (decision 043)

/** The person as the course's access rules need them; null once the account is gone. */
async function actorOf(db: Executor, userId: number): Promise<Actor | null> {
  const [row] = await db.select({ id: users.id, role: users.role, is_valid: users.isValid }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** May the viewer read the course's discussions (learner, trainer, administrator)? */
async function readsCourse(db: Executor, viewerId: number, courseId: number): Promise<boolean> {
  const actor = await actorOf(db, viewerId);
  if (!actor) return false;
  try {
    await courseAccess(db, actor, courseId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Content the viewer sees: not removed, not someone else's hidden one, in a course whose discussions they read. */
async function seenBy(db: Executor, viewerId: number | null, row: { authorId: number | null; hiddenAt: Date | null; removedAt: Date | null }, courseId: number): Promise<boolean> {
  if (row.removedAt || row.authorId === null) return false;
  if (viewerId === null) return true;
  if (row.hiddenAt && row.authorId !== viewerId) return false;
  return readsCourse(db, viewerId, courseId);
}

/**
 * `thread`: seen by whoever reads the course's discussions; hiding keeps it from all but its
 * author and administrators; removing keeps the thread and its replies (evidence of pedagogical
 * assistance) and replaces its title and text with « Contenu supprimé par la modération ».
 */
export const threadTarget: ModerationTarget = {
  async describe(db, id, viewerId) {
    const [thread] = await db.select().from(discussionThreads).where(eq(discussionThreads.id, id)).limit(1);
    if (!thread || !(await seenBy(db, viewerId, thread, thread.courseId))) return null;
    return { authorId: thread.authorId!, excerpt: `${thread.title}\n\n${thread.body}`, link: webPaths.courseDiscussions(thread.courseId, thread.id) };
  },
  async hide(tx, id, hidden) {
    await tx.update(discussionThreads).set({ hiddenAt: hidden ? new Date() : null }).where(eq(discussionThreads.id, id));
  },
  async remove(tx, id) {
    await tx.update(discussionThreads).set({ title: '', body: '', hiddenAt: null, removedAt: new Date() }).where(eq(discussionThreads.id, id));
  },
};

/** `reply`: like its thread's; a removed reply stays in place, its text replaced. */
export const replyTarget: ModerationTarget = {
  async describe(db, id, viewerId) {
    const [row] = await db
      .select({ reply: discussionReplies, thread: discussionThreads })
      .from(discussionReplies)
      .innerJoin(discussionThreads, eq(discussionThreads.id, discussionReplies.threadId))
      .where(eq(discussionReplies.id, id))
      .limit(1);
    if (!row || !(await seenBy(db, viewerId, row.reply, row.thread.courseId))) return null;
    // A reply under a thread the viewer may no longer see (hidden by moderation) is out of reach too.
    if (viewerId !== null && row.thread.hiddenAt && row.thread.authorId !== viewerId && !isAdmin(await actorOf(db, viewerId))) return null;
    return { authorId: row.reply.authorId!, excerpt: row.reply.body, link: webPaths.courseDiscussions(row.thread.courseId, row.thread.id) };
  },
  async hide(tx, id, hidden) {
    await tx.update(discussionReplies).set({ hiddenAt: hidden ? new Date() : null }).where(eq(discussionReplies.id, id));
  },
  async remove(tx, id) {
    await tx.update(discussionReplies).set({ body: '', hiddenAt: null, removedAt: new Date() }).where(eq(discussionReplies.id, id));
  },
};

/**
 * The « Votre activité » panel's new replies (issue 26): the threads the person follows with
 * replies by others since they last opened them (or began following), the latest first, at most
 * `limit`, each with the time of its newest such reply. Only courses they still take part in.
 */
export async function newRepliesFor(
  db: Executor,
  userId: number,
  limit: number,
): Promise<{ thread_id: number; course_id: number; course_title: string; thread_title: string; at: string }[]> {
  const rows = await db
    .select({
      threadId: discussionThreads.id,
      courseId: courses.id,
      courseTitle: courses.title,
      threadTitle: discussionThreads.title,
      at: sql<string>`max(${discussionReplies.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(discussionFollows)
    .innerJoin(discussionThreads, eq(discussionThreads.id, discussionFollows.threadId))
    .innerJoin(courses, eq(courses.id, discussionThreads.courseId))
    .innerJoin(discussionReplies, eq(discussionReplies.threadId, discussionThreads.id))
    .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, userId)))
    .where(
      and(
        eq(discussionFollows.userId, userId),
        sql`${discussionReplies.authorId} is distinct from ${userId}`,
        // Moderation (decision 043): nothing hidden or removed is news.
        isNull(discussionReplies.hiddenAt),
        isNull(discussionReplies.removedAt),
        isNull(discussionThreads.hiddenAt),
        isNull(discussionThreads.removedAt),
        sql`${discussionReplies.createdAt} > coalesce(${discussionFollows.lastReadAt}, ${discussionFollows.createdAt})`,
        sql`(${enrolments.userId} is not null or ${courses.authorId} = ${userId})`,
      ),
    )
    .groupBy(discussionThreads.id, courses.id)
    .orderBy(sql`max(${discussionReplies.createdAt}) desc`, desc(discussionThreads.id))
    .limit(limit);
  return rows.map((r) => ({ thread_id: r.threadId, course_id: r.courseId, course_title: r.courseTitle, thread_title: r.threadTitle, at: r.at.toISOString() }));
}
