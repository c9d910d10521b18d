import { asc, eq, lt, or, sql } from 'drizzle-orm';
import { auditActionLabels } from '../../../shared/admin';
import { auditLog } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { deletedAccountLabel } from '../account';
import { adminRoutes } from './admin.routes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The details an audit line about a deleted account keeps: identifiers and what changed, never
 * free text written about the person (a refusal's or revocation's reason) nor a file's name.
 */
const KEPT_AUDIT_DETAILS = ['course_id', 'course_title', 'from', 'to', 'number', 'fields', 'role', 'meeting_id', 'user_id'];

export const adminModule: ModuleManifest = {
  name: 'admin',
  routes: [adminRoutes],
  personalData: [
    { column: auditLog.targetId, exportedAs: 'audit_log', onAccountDeletion: 'erase' },
    { column: auditLog.actorId, exportedAs: 'audit_log', onAccountDeletion: 'set null' },
  ],
  async exportSections(db, user) {
    const lines = await db
      .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(or(eq(auditLog.targetId, user.id), eq(auditLog.actorId, user.id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    return { audit_log: lines.map((a) => ({ action: a.action, label: auditActionLabels[a.action], created_at: iso(a.createdAt), details: a.details })) };
  },
  // The lines about the account keep the action and its date under "Compte n° N (supprimé)".
  async eraseAccount(tx, { user }) {
    await tx.execute(sql`update ${auditLog} set
        target_label = ${deletedAccountLabel(user.id)},
        details = (select jsonb_object_agg(d.key, d.value) from jsonb_each(${auditLog.details}) d
                   where d.key in (${sql.join(KEPT_AUDIT_DETAILS.map((k) => sql`${k}`), sql`, `)}))
      where ${auditLog.targetId} = ${user.id}`);
  },
  jobs: [
    {
      name: "journal d'administration de plus de cinq ans",
      // The privacy policy promises the administration log is kept five years, not longer.
      async run({ db }) {
        await db.delete(auditLog).where(lt(auditLog.createdAt, new Date(Date.now() - 5 * 365 * DAY_MS)));
      },
    },
  ],
};
