import type { AuditAction } from '../../shared/admin';
import type { Executor } from '../db/client';
import { auditLog, type UserRow } from '../db/schema';
import type { AuthUser } from './sessions';

interface AuditInput {
  actor: Pick<AuthUser, 'id'>;
  target: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email'>;
  action: AuditAction;
  details?: Record<string, unknown>;
  /** Deleted targets keep only their label. */
  keepTargetId?: boolean;
}

/** One line of what an administrator did to an account, written in the caller's transaction. */
export async function recordAudit(db: Executor, { actor, target, action, details, keepTargetId = true }: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    targetId: keepTargetId ? target.id : null,
    targetLabel: `${target.firstname} ${target.lastname} <${target.email}>`,
    action,
    details: details ?? null,
  });
}
