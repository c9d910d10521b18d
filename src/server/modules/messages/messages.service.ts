import { and, asc, count, desc, eq, gt, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import {
  DELETED_ACCOUNT_NAME,
  MESSAGES_PER_MINUTE,
  messagingMessages,
  type BlockResult,
  type ConversationList,
  type ConversationSummary,
  type MessageItem,
  type MessagePage,
  type MessagesQuery,
  type ConversationsQuery,
  type ReadResult,
} from '../../../shared/messages';
import { REMOVED_BY_MODERATION } from '../../../shared/moderation';
import { webPaths } from '../../../shared/web-paths';
import type { Db, Executor } from '../../db/client';
import { conversations, courses, messages, organisations, userBlocks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModerationTarget } from '../../lib/module-manifest';
import { publishToUsers } from '../../lib/event-bus';
import { countHit, rateKeys } from '../../lib/rate-limits';
import { renderSafeMarkdown } from '../learning';
import { markReadByLink, notify } from '../notifications';
import { mayOpenConversation } from './relationships';

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The characters of the last message the list shows. */
const PREVIEW_LENGTH = 140;

const notAllowed = (message: string = messagingMessages.notAllowed) => new AppError('messaging_not_allowed', 403, message);

/** How a person is named to others: an organisation by its name, anyone else by first and last name; never an address. */
const displayName = sql<string>`coalesce(${organisations.name}, ${users.firstname} || ' ' || ${users.lastname})`;

/** The caller's side of a conversation: the other participant and the caller's reading mark. */
function sides(row: ConversationRow, userId: number) {
  const mineIsA = row.userAId === userId;
  return { otherId: mineIsA ? row.userBId : row.userAId, lastReadId: mineIsA ? row.userALastReadId : row.userBLastReadId, mineIsA };
}

function isParticipant(row: ConversationRow, userId: number): boolean {
  return row.userAId === userId || row.userBId === userId;
}

/** The people's names, by id (deleted accounts absent). */
async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: displayName })
    .from(users)
    .leftJoin(organisations, eq(organisations.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Is there a block between the two, in either direction? */
async function blocksBetween(db: Executor, me: number, other: number): Promise<{ byMe: boolean; byOther: boolean }> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)), and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me))));
  return { byMe: rows.some((r) => r.blockerId === me), byOther: rows.some((r) => r.blockerId === other) };
}

/**
 * Unread messages of one person: from the other side, after their reading mark. Written with
 * qualified names: inside a select list, Drizzle renders a column without its table, and an
 * unqualified `id` in this subquery would be the message's, not the conversation's.
 */
function unreadOf(userId: number): SQL<number> {
  return sql<number>`(
    select count(*)::int from "messages" m
    where m."conversation_id" = "conversations"."id"
      and m."sender_id" is distinct from ${userId}
      and m."hidden_at" is null
      and m."id" > case when "conversations"."user_a_id" = ${userId} then "conversations"."user_a_last_read_id" else "conversations"."user_b_last_read_id" end
  )`;
}

/** The messages a participant reads: all but the other's messages hidden by moderation (decision 043). */
const readableBy = (userId: number) => or(isNull(messages.hiddenAt), eq(messages.senderId, userId))!;

const mineCondition = (userId: number) => or(eq(conversations.userAId, userId), eq(conversations.userBId, userId));

/** Unread messages over every conversation of a person (the navigation's count). */
export async function totalUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int` })
    .from(conversations)
    .where(mineCondition(userId));
  return Number(row?.n ?? 0);
}

/** Shapes conversations for one caller: names, course, last message, unread count and blocks. */
async function summaries(db: Executor, userId: number, rows: (ConversationRow & { unread: number })[]): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const otherIds = rows.map((r) => sides(r, userId).otherId).filter((id): id is number => id !== null);
  const courseIds = rows.map((r) => r.courseId).filter((id): id is number => id !== null);
  const [names, courseRows, lastRows, blockRows] = await Promise.all([
    namesOf(db, otherIds),
    courseIds.length ? db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds)) : [],
    db
      .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, body: messages.body, createdAt: messages.createdAt, senderId: messages.senderId })
      .from(messages)
      .where(and(inArray(messages.conversationId, ids), readableBy(userId)))
      .orderBy(messages.conversationId, desc(messages.id)),
    otherIds.length
      ? db
          .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
          .from(userBlocks)
          .where(or(and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, otherIds)), and(inArray(userBlocks.blockerId, otherIds), eq(userBlocks.blockedId, userId))))
      : [],
  ]);
  const titles = new Map(courseRows.map((c) => [c.id, c.title]));
  const last = new Map(lastRows.map((m) => [m.conversationId, m]));
  return rows.map((row) => {
    const { otherId } = sides(row, userId);
    const blockedByMe = otherId !== null && blockRows.some((b) => b.blockerId === userId && b.blockedId === otherId);
    const blockedMe = otherId !== null && blockRows.some((b) => b.blockerId === otherId && b.blockedId === userId);
    const message = last.get(row.id);
    return {
      id: row.id,
      correspondent: { id: otherId, name: otherId === null ? DELETED_ACCOUNT_NAME : (names.get(otherId) ?? DELETED_ACCOUNT_NAME) },
      course: row.courseId !== null && titles.has(row.courseId) ? { id: row.courseId, title: titles.get(row.courseId)! } : null,
      last_message: message ? { body: message.body.slice(0, PREVIEW_LENGTH), created_at: message.createdAt.toISOString(), mine: message.senderId === userId } : null,
      unread: Number(row.unread),
      blocked_by_me: blockedByMe,
      can_write: otherId !== null && !blockedByMe && !blockedMe,
      updated_at: row.lastMessageAt.toISOString(),
    };
  });
}

/** `GET /api/conversations`: the caller's conversations, the latest activity first, paged in SQL. */
export async function listConversations(db: Db, userId: number, query: ConversationsQuery): Promise<ConversationList> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select({ conversation: conversations, unread: unreadOf(userId) })
      .from(conversations)
      .where(mineCondition(userId))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(conversations).where(mineCondition(userId)),
    totalUnread(db, userId),
  ]);
  const items = await summaries(
    db,
    userId,
    rows.map((r) => ({ ...r.conversation, unread: r.unread })),
  );
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize, unread };
}

/** The conversation, if the caller takes part in it: 404 when it does not exist, 403 when it is someone else's. */
async function participantConversation(db: Executor, userId: number, id: number): Promise<ConversationRow> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  if (!row) throw AppError.notFound(messagingMessages.conversationNotFound);
  if (!isParticipant(row, userId)) throw AppError.forbidden(messagingMessages.notParticipant);
  return row;
}

async function summaryOf(db: Executor, userId: number, row: ConversationRow): Promise<ConversationSummary> {
  const [withUnread] = await db.select({ unread: unreadOf(userId) }).from(conversations).where(eq(conversations.id, row.id));
  const [summary] = await summaries(db, userId, [{ ...row, unread: withUnread?.unread ?? 0 }]);
  return summary!;
}

async function toItems(rows: MessageRow[], userId: number): Promise<MessageItem[]> {
  return Promise.all(
    rows.map(async (m) => ({
      id: m.id,
      conversation_id: m.conversationId,
      sender_id: m.senderId,
      mine: m.senderId === userId,
      body: m.removedAt ? REMOVED_BY_MODERATION : m.body,
      html: await renderSafeMarkdown(m.removedAt ? REMOVED_BY_MODERATION : m.body),
      created_at: m.createdAt.toISOString(),
      ...(m.removedAt ? { moderation: 'removed' as const } : m.hiddenAt ? { moderation: 'hidden' as const } : {}),
    })),
  );
}

/** `GET /api/conversations/{id}/messages`: page 1 is the latest messages; each page reads oldest first. */
export async function listMessages(db: Db, userId: number, id: number, query: MessagesQuery): Promise<MessagePage> {
  const row = await participantConversation(db, userId, id);
  const [rows, [total], conversation] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), readableBy(userId)))
      .orderBy(desc(messages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(messages).where(and(eq(messages.conversationId, id), readableBy(userId))),
    summaryOf(db, userId, row),
  ]);
  return { conversation, items: await toItems(rows.reverse(), userId), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The opener's account, as the rule needs it (its age and its confirmation). */
async function openerOf(db: Executor, userId: number) {
  const [row] = await db.select({ id: users.id, createdAt: users.createdAt, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw AppError.unauthenticated();
  return row;
}

function orderedPair(a: number, b: number): { userAId: number; userBId: number } {
  return a < b ? { userAId: a, userBId: b } : { userAId: b, userBId: a };
}

/**
 * `POST /api/conversations`: the conversation between the caller and the recipient, the existing
 * one when there is one (`created` false), otherwise a new one if a relationship allows it. An
 * unknown recipient is refused like an unrelated one: the answer tells nothing about accounts.
 */
export async function openConversation(db: Db, userId: number, recipientId: number, courseId: number | null): Promise<{ id: number; created: boolean }> {
  if (recipientId === userId) throw AppError.validation({ recipient_id: [messagingMessages.ownConversation] }, messagingMessages.ownConversation);
  const pair = orderedPair(userId, recipientId);
  const findExisting = async () => {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userAId, pair.userAId), eq(conversations.userBId, pair.userBId)))
      .limit(1);
    return row;
  };
  const existing = await findExisting();
  if (existing) return { id: existing.id, created: false };

  const [recipient] = await db.select({ id: users.id }).from(users).where(eq(users.id, recipientId)).limit(1);
  if (!recipient) throw notAllowed();
  const blocks = await blocksBetween(db, userId, recipientId);
  if (blocks.byMe) throw notAllowed(messagingMessages.blockedByYou);
  if (blocks.byOther) throw notAllowed(messagingMessages.blockedByRecipient);
  const verdict = await mayOpenConversation(db, await openerOf(db, userId), recipientId, courseId);
  if (verdict === 'new_account') throw notAllowed(messagingMessages.newAccount);
  if (verdict === 'not_allowed') throw notAllowed();

  // Two first messages racing: the unique pair index keeps one conversation, the other finds it.
  const [inserted] = await db
    .insert(conversations)
    .values({ ...pair, courseId })
    .onConflictDoNothing({ target: [conversations.userAId, conversations.userBId] })
    .returning({ id: conversations.id });
  if (inserted) return { id: inserted.id, created: true };
  const raced = await findExisting();
  if (!raced) throw notAllowed();
  return { id: raced.id, created: false };
}

/**
 * `POST /api/conversations/{id}/messages`: a participant writes, unless either blocked the other
 * or the other's account is gone; at most 30 messages a minute per person. The recipient is
 * notified (bell and e-mail) of the first message they have not read yet, not of every one.
 */
export async function sendMessage(db: Db, userId: number, id: number, body: string): Promise<MessageItem> {
  const row = await participantConversation(db, userId, id);
  const { otherId, mineIsA } = sides(row, userId);
  if (otherId === null) throw notAllowed(messagingMessages.deletedRecipient);
  const blocks = await blocksBetween(db, userId, otherId);
  if (blocks.byMe) throw notAllowed(messagingMessages.blockedByYou);
  if (blocks.byOther) throw notAllowed(messagingMessages.blockedByRecipient);
  // Counted before the work, so a burst cannot slip past the limit (lib/rate-limits.ts).
  if ((await countHit(db, rateKeys.messages(userId), 60)) > MESSAGES_PER_MINUTE) throw new AppError('too_many_attempts', 429, messagingMessages.tooMany);

  const message = await db.transaction(async (tx) => {
    const [unreadBefore] = await tx
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.conversationId, id), eq(messages.senderId, userId), gt(messages.id, mineIsA ? conversations.userBLastReadId : conversations.userALastReadId)));
    const [inserted] = await tx.insert(messages).values({ conversationId: id, senderId: userId, body }).returning();
    // One's own message is read; the list moves the conversation up.
    await tx
      .update(conversations)
      .set(mineIsA ? { userALastReadId: inserted!.id, lastMessageAt: inserted!.createdAt } : { userBLastReadId: inserted!.id, lastMessageAt: inserted!.createdAt })
      .where(eq(conversations.id, id));
    if ((unreadBefore?.n ?? 0) === 0) {
      const senderName = (await namesOf(tx, [userId])).get(userId) ?? DELETED_ACCOUNT_NAME;
      await notify(tx, { userId: otherId, kind: 'message_received', data: { conversationId: id, senderName } });
    }
    return inserted!;
  });

  await publishToUsers(db, [userId, otherId], { type: 'message', conversation_id: id, message_id: message.id });
  await publishToUsers(db, [otherId], { type: 'unread_messages', count: await totalUnread(db, otherId) });
  const [item] = await toItems([message], userId);
  return item!;
}

/** `POST /api/conversations/{id}/read`: every message so far is read, and the notification about it too. */
export async function markConversationRead(db: Db, userId: number, id: number): Promise<ReadResult> {
  const row = await participantConversation(db, userId, id);
  const { mineIsA } = sides(row, userId);
  const [latest] = await db.select({ id: max(messages.id) }).from(messages).where(eq(messages.conversationId, id));
  const latestId = latest?.id ?? 0;
  await db.transaction(async (tx) => {
    const mark = mineIsA ? conversations.userALastReadId : conversations.userBLastReadId;
    await tx
      .update(conversations)
      .set(mineIsA ? { userALastReadId: sql`greatest(${mark}, ${latestId})` } : { userBLastReadId: sql`greatest(${mark}, ${latestId})` })
      .where(eq(conversations.id, id));
    await markReadByLink(tx, userId, 'message_received', webPaths.messages(id));
  });
  const unread = await totalUnread(db, userId);
  // The caller's other tabs and devices update their count.
  await publishToUsers(db, [userId], { type: 'unread_messages', count: unread });
  return { unread };
}

/** `POST /api/users/{id}/block`: the person can no longer write to the caller (nor the caller to them, until unblocked). */
export async function blockUser(db: Db, userId: number, targetId: number): Promise<BlockResult> {
  if (targetId === userId) throw AppError.validation({ id: [messagingMessages.blockSelf] }, messagingMessages.blockSelf);
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1);
  if (!target) throw AppError.notFound(messagingMessages.userNotFound);
  await db.insert(userBlocks).values({ blockerId: userId, blockedId: targetId }).onConflictDoNothing();
  return { blocked: true };
}

/** `DELETE /api/users/{id}/block`: lifts the caller's block (none: nothing changes). */
export async function unblockUser(db: Db, userId: number, targetId: number): Promise<BlockResult> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, targetId)));
  return { blocked: false };
}

/** The export's sections (decision 037): the account's conversations with every message, and whom it blocked. */
export async function exportMessaging(db: Executor, userId: number) {
  const rows = await db.select().from(conversations).where(mineCondition(userId)).orderBy(asc(conversations.createdAt), asc(conversations.id));
  const ids = rows.map((r) => r.id);
  const otherIds = rows.map((r) => sides(r, userId).otherId).filter((o): o is number => o !== null);
  const [names, all, blocks] = await Promise.all([
    namesOf(db, otherIds),
    ids.length ? db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.id)) : [],
    db
      .select({ blockedId: userBlocks.blockedId, name: displayName, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .leftJoin(organisations, eq(organisations.userId, users.id))
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(asc(userBlocks.createdAt)),
  ]);
  return {
    conversations: rows.map((r) => {
      const { otherId } = sides(r, userId);
      return { id: r.id, with: otherId === null ? DELETED_ACCOUNT_NAME : (names.get(otherId) ?? DELETED_ACCOUNT_NAME), course_id: r.courseId, created_at: r.createdAt.toISOString() };
    }),
    messages: all.map((m) => ({ conversation_id: m.conversationId, from_me: m.senderId === userId, body: m.body, created_at: m.createdAt.toISOString() })),
    blocks: blocks.map((b) => ({ user_id: b.blockedId, name: b.name, blocked_at: b.createdAt.toISOString() })),
  };
}

/**
 * The moderation target `message` (decision 043): a participant of the conversation sees it (and
 * may report it) unless it is the other's message hidden by moderation; the author is the sender.
 * Hiding keeps it from the other participant; removing keeps the row as evidence of the exchange
 * (Code du travail D6313-3-1) and replaces its text.
 */
export const messageTarget: ModerationTarget = {
  async describe(db, id, viewerId) {
    const [row] = await db
      .select({ message: messages, userAId: conversations.userAId, userBId: conversations.userBId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, id))
      .limit(1);
    // A deleted sender's message has nobody to answer for it: there is no one to report.
    if (!row || row.message.removedAt || row.message.senderId === null) return null;
    if (viewerId !== null) {
      if (row.userAId !== viewerId && row.userBId !== viewerId) return null;
      if (row.message.hiddenAt && row.message.senderId !== viewerId) return null;
    }
    return { authorId: row.message.senderId, excerpt: row.message.body, link: webPaths.messages(row.message.conversationId) };
  },
  async hide(tx, id, hidden) {
    await tx.update(messages).set({ hiddenAt: hidden ? new Date() : null }).where(eq(messages.id, id));
  },
  async remove(tx, id) {
    await tx.update(messages).set({ body: '', hiddenAt: null, removedAt: new Date() }).where(eq(messages.id, id));
  },
};

/** The characters of an unread message the « Votre activité » panel shows. */
const EXCERPT_LENGTH = 100;

/**
 * The caller's unread messages for the « Votre activité » panel (issue 26): the total, and the
 * latest unread message of each conversation (the most recent first, at most `limit`), its sender
 * by name only.
 */
export async function unreadMessagesSummary(
  db: Executor,
  userId: number,
  limit: number,
): Promise<{ count: number; latest: { conversation_id: number; from_name: string; excerpt: string; at: string }[] }> {
  const [count, rows] = await Promise.all([
    totalUnread(db, userId),
    db
      .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          mineCondition(userId),
          sql`${messages.senderId} is distinct from ${userId}`,
          // Moderation (decision 043): a hidden or removed message shows no excerpt.
          isNull(messages.hiddenAt),
          isNull(messages.removedAt),
          sql`${messages.id} > case when ${conversations.userAId} = ${userId} then ${conversations.userALastReadId} else ${conversations.userBLastReadId} end`,
        ),
      )
      .orderBy(messages.conversationId, desc(messages.id)),
  ]);
  const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  const names = await namesOf(db, latest.map((r) => r.senderId).filter((id): id is number => id !== null));
  return {
    count,
    latest: latest.map((r) => {
      const text = r.body.replace(/\s+/g, ' ').trim();
      return {
        conversation_id: r.conversationId,
        from_name: r.senderId === null ? DELETED_ACCOUNT_NAME : (names.get(r.senderId) ?? DELETED_ACCOUNT_NAME),
        excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
        at: r.createdAt.toISOString(),
      };
    }),
  };
}
