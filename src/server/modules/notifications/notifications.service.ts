import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  notificationKindInfo,
  notificationKinds,
  notificationKindsFor,
  notificationMessages,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type NotificationsQuery,
  type UnreadCount,
  type UnsubscribeResult,
} from '../../../shared/notifications';
import type { Actor } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pushBellCount } from './notify';
import { checkUnsubscribeLink } from './unsubscribe';

type NotificationRow = typeof notifications.$inferSelect;

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The caller's own notifications, newest first, paged in SQL. */
export async function listNotifications(db: Db, userId: number, query: NotificationsQuery): Promise<NotificationPage> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    countUnread(db, userId),
  ]);
  return { items: rows.map(toItem), total: total?.n ?? 0, unread, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(db: Db, userId: number): Promise<UnreadCount> {
  return { unread: await countUnread(db, userId) };
}

/**
 * Marks one of the caller's notifications as read (again: no change). Another user's gets the
 * same 404 as a missing one, so ids cannot be probed.
 */
export async function markRead(db: Db, userId: number, id: number): Promise<NotificationItem> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw AppError.notFound(notificationMessages.notFound);
  // The user's other tabs and devices update their bell.
  await pushBellCount(db, userId);
  return toItem(row);
}

export async function markAllRead(db: Db, userId: number): Promise<{ updated: number; unread: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await pushBellCount(db, userId);
  return { updated: rows.length, unread: 0 };
}

/** "Préférences e-mail": every kind the caller's role can receive, on unless turned off. */
export async function getPreferences(db: Executor, actor: Actor): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.id));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return {
    items: notificationKindsFor(actor.role).map((kind) => ({
      kind,
      label: notificationKindInfo[kind].label,
      description: notificationKindInfo[kind].description,
      email: chosen.get(kind) ?? true,
    })),
  };
}

async function setPreference(db: Executor, userId: number, kind: NotificationKind, email: boolean): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email, updatedAt: new Date() } });
}

/** Changes the kinds given, all or none (one transaction); the in-app notifications are kept whatever the choice. */
export async function updatePreferences(db: Db, actor: Actor, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    for (const [kind, email] of Object.entries(body.email) as [NotificationKind, boolean][]) await setPreference(tx, actor.id, kind, email);
    return getPreferences(tx, actor);
  });
}

/** What a one-click link names, once its signature is checked against the account's current address. */
async function unsubscribeClaim(db: Executor, token: string) {
  const { userId, subscription } = await checkUnsubscribeLink(db, token, notificationKinds, notificationMessages.invalidUnsubscribeLink);
  return { userId, kind: subscription };
}

/** The GET of the link: what it would stop, and whether it already is; changes nothing (mail scanners open links). */
export async function describeUnsubscribe(db: Db, token: string): Promise<UnsubscribeResult & { email: boolean }> {
  const claim = await unsubscribeClaim(db, token);
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, claim.userId), eq(notificationPreferences.kind, claim.kind)))
    .limit(1);
  return { kind: claim.kind, label: notificationKindInfo[claim.kind].label, changed: false, email: row?.email ?? true };
}

/** The POST of the link (RFC 8058 one-click, or the page's button): this kind's e-mails off, no session needed. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeResult> {
  const claim = await unsubscribeClaim(db, token);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, claim.userId), eq(notificationPreferences.kind, claim.kind)))
      .limit(1)
      .for('update');
    const wasOn = before?.email ?? true;
    if (wasOn) await setPreference(tx, claim.userId, claim.kind, false);
    return { kind: claim.kind, label: notificationKindInfo[claim.kind].label, changed: wasOn };
  });
}

/**
 * Marks read the caller's unread notifications of one kind leading to one page (the messages of a
 * conversation once it is read), and pushes the bell's new count when any changed.
 */
export async function markReadByLink(tx: Executor, userId: number, kind: NotificationKind, link: string): Promise<void> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.link, link), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await pushBellCount(tx, userId);
}
