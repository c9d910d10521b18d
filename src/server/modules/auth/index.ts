import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { accountTokens, rateLimitCounters, sessions } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { pruneCounters, rateKeys } from '../../lib/rate-limits';
import { deleteExpiredSessions } from '../../lib/sessions';
import { ensureAdminAccount } from './admin-account';
import { authRoutes } from './auth.routes';

export { checkCurrentPassword } from './current-password';
export { queueEmailConfirmation } from './email-confirmation';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions, single-use links and attempt counters: what signing in and the links mailed to an account leave behind. */
export const authModule: ModuleManifest = {
  name: 'auth',
  routes: [authRoutes],
  personalData: [
    { column: sessions.userId, exportedAs: 'sessions', onAccountDeletion: 'cascade' },
    { column: accountTokens.userId, exportedAs: 'pending_links', onAccountDeletion: 'cascade' },
    { column: rateLimitCounters.key, exportedAs: { notExported: 'compteurs de tentatives, effacés au plus tard au redémarrage suivant leur fenêtre' }, onAccountDeletion: 'erase' },
  ],
  async exportSections(db, user) {
    const [live, links] = await Promise.all([
      db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`))).orderBy(asc(sessions.createdAt)),
      db
        .select({ purpose: accountTokens.purpose, newEmail: accountTokens.newEmail, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`))),
    ]);
    return {
      sessions: live.map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt) })),
      pending_links: links.map((l) => ({ purpose: l.purpose, new_email: l.purpose === 'email_change' ? l.newEmail : null, created_at: iso(l.createdAt), expires_at: iso(l.expiresAt) })),
    };
  },
  // Counters keyed by the account's address or number.
  async eraseAccount(tx, { user }) {
    await tx.delete(rateLimitCounters).where(
      inArray(rateLimitCounters.key, [
        rateKeys.loginEmail(user.email),
        rateKeys.forgotEmail(user.email),
        rateKeys.confirmResend(user.id),
        rateKeys.emailChange(user.id),
        rateKeys.dataExport(user.id),
      ]),
    );
  },
  async prepare({ db, config, log }) {
    await ensureAdminAccount(db, config, log);
  },
  jobs: [
    { name: 'sessions expirées', run: ({ db }) => deleteExpiredSessions(db) },
    // Older than any window that counts them.
    { name: 'compteurs de tentatives périmés', run: ({ db }) => pruneCounters(db, new Date(Date.now() - DAY_MS)) },
  ],
};
