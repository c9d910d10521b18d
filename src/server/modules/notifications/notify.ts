import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { notificationKindInfo, type NotificationKind } from '../../../shared/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { publishToUsers } from '../../lib/event-bus';
import { queueMail, type MailAttachment } from '../../lib/mail/outbox';
import { notificationContent, type NotificationData } from './messages';
import { UNSUBSCRIBE_PATH_PREFIX, unsubscribeSecret, unsubscribeToken } from './unsubscribe';

export interface Notification<K extends NotificationKind> {
  userId: number;
  kind: K;
  data: NotificationData[K];
  /** Files the e-mail carries, e.g. an interview's .ics invitation. */
  attachments?: MailAttachment[];
}

/** Pushes the bell's count to the user's open streams (issue 26), from the change's transaction. */
export async function pushBellCount(tx: Executor, userId: number): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await publishToUsers(tx, [userId], { type: 'notifications', unread: row?.n ?? 0 });
}

/**
 * Tells a user about an event (decision 024), in the event's transaction: the in-app notification
 * is always written; the e-mail is queued unless the user turned this kind's e-mails off. Being
 * non-essential, the e-mail carries a one-click unsubscribe (RFC 8058) for this kind. Nothing
 * happens for an account that no longer exists.
 */
export async function notify<K extends NotificationKind>(tx: Executor, { userId, kind, data, attachments }: Notification<K>): Promise<void> {
  const [recipient] = await tx
    .select({ email: users.email, firstname: users.firstname, wantsEmail: notificationPreferences.email })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!recipient) return;
  const content = notificationContent[kind](data);
  await tx.insert(notifications).values({ userId, kind, title: content.title, body: content.body, link: content.link });
  await pushBellCount(tx, userId);
  if (recipient.wantsEmail === false) return;

  const unsubscribePath = `${UNSUBSCRIBE_PATH_PREFIX}${unsubscribeToken(await unsubscribeSecret(tx), userId, kind, recipient.email)}`;
  await queueMail(tx, {
    to: recipient.email,
    template: 'notification',
    data: {
      firstname: recipient.firstname,
      subject: content.title,
      paragraphs: [content.body, ...(content.more ?? [])],
      ...(content.link && content.actionLabel ? { action: { label: content.actionLabel, path: content.link } } : {}),
      kindLabel: notificationKindInfo[kind].label,
      unsubscribePath,
    },
    // The path is completed with PUBLIC_URL when the message is sent (worker.ts).
    headers: { 'List-Unsubscribe': `<${unsubscribePath}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...(attachments ? { attachments } : {}),
  });
}

/**
 * The in-app notification only, no e-mail: for an event that already has its own e-mail (an
 * organisation's invitation), so the bell keeps it without a second message.
 */
export async function notifyInApp<K extends NotificationKind>(tx: Executor, { userId, kind, data }: Omit<Notification<K>, 'attachments'>): Promise<void> {
  const content = notificationContent[kind](data);
  await tx.insert(notifications).values({ userId, kind, title: content.title, body: content.body, link: content.link });
  await pushBellCount(tx, userId);
}

/** Tells every active administrator (a disabled one is signed out and hears nothing). */
export async function notifyAdmins<K extends NotificationKind>(tx: Executor, kind: K, data: NotificationData[K]): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isValid, true)))
    .orderBy(asc(users.id));
  for (const admin of admins) await notify(tx, { userId: admin.id, kind, data });
}
