import type { Actor } from '../../../shared/roles';
import type { SessionUser } from '../../lib/session';

/** The signed-in user as the shared policies see them (the server applies the same policies again). */
export function sessionActor(user: SessionUser | null): Actor | null {
  return user ? { id: user.id, role: user.role, is_valid: user.isApproved } : null;
}
