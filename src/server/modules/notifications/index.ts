import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { mailOutbox, notificationPreferences, notifications } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { notificationsRoutes } from './notifications.routes';
import { unsubscribeSecret } from './unsubscribe';

export { notify, notifyAdmins, notifyInApp, pushBellCount } from './notify';
export { markReadByLink, unreadCount as notificationUnreadCount } from './notifications.service';
export type { NotificationData } from './messages';
// One-click unsubscribe links (decision 024) for other modules' mailings: one signing scheme, one look.
export { checkUnsubscribeLink, unsubscribeSecret, unsubscribeToken } from './unsubscribe';
export { acceptOneClickForm, invalidLinkPage, sendPage, unsubscribeConfirmPage, unsubscribeMessagePage, wantsHtml } from './unsubscribe-page';

const DAY_MS = 24 * 60 * 60 * 1000;

export const notificationsModule: ModuleManifest = {
  name: 'notifications',
  routes: [notificationsRoutes],
  personalData: [
    { column: notifications.userId, exportedAs: 'notifications', onAccountDeletion: 'cascade' },
    { column: notificationPreferences.userId, exportedAs: 'email_preferences', onAccountDeletion: 'cascade' },
    { column: mailOutbox.recipient, exportedAs: 'emails', onAccountDeletion: 'erase' },
  ],
  async exportSections(db, user) {
    const [notes, preferences, mails] = await Promise.all([
      db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(asc(notifications.createdAt), asc(notifications.id)),
      db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)).orderBy(asc(notificationPreferences.kind)),
      db
        .select({ template: mailOutbox.template, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, user.email))
        .orderBy(asc(mailOutbox.createdAt)),
    ]);
    return {
      notifications: notes.map((n) => ({ kind: n.kind, title: n.title, body: n.body, link: n.link, created_at: iso(n.createdAt), read_at: iso(n.readAt) })),
      email_preferences: preferences.map((p) => ({ kind: p.kind, email: p.email, updated_at: iso(p.updatedAt) })),
      emails: mails.map((m) => ({ template: m.template, status: m.status, created_at: iso(m.createdAt), sent_at: iso(m.sentAt) })),
    };
  },
  // Mail queued for the account's address, or for an address it was moving to, goes with it.
  async eraseAccount(tx, { user, pendingAddresses }) {
    await tx.delete(mailOutbox).where(inArray(mailOutbox.recipient, [user.email, ...pendingAddresses]));
  },
  // Drawn once, outside any request's transaction: requests then only read it.
  async prepare({ db }) {
    await unsubscribeSecret(db);
  },
  jobs: [
    {
      name: 'e-mails envoyés ou abandonnés depuis plus de 30 jours',
      // A sent or abandoned e-mail keeps its recipient's address 30 days, then goes (decision 021).
      async run({ db }) {
        await db.delete(mailOutbox).where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.createdAt, new Date(Date.now() - 30 * DAY_MS))));
      },
    },
  ],
};
