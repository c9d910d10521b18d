import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Actor } from '../../shared/roles';
import { useSession, type SessionUser } from '../lib/session';
import { paths } from './paths';

/** What a route allows beyond being signed in, and where a refused user goes. */
export interface RouteRule {
  allow: (user: Actor) => boolean;
  deniedTo: string;
  /** Shown on the page the refused user lands on. */
  deniedNotice?: string;
}

export function toActor(user: SessionUser): Actor {
  return { id: user.id, role: user.role, is_valid: user.isApproved };
}

/**
 * Client-side comfort only: the server enforces every rule again. Nothing shows while the
 * session loads; visitors go to /login and come back afterwards.
 */
export function RequireAuth({ rule, children }: { rule?: RouteRule; children: ReactNode }) {
  const { isAuthenticated, loading, user } = useSession();
  const location = useLocation();
  if (loading) return null;
  if (!isAuthenticated || !user) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (rule && !rule.allow(toActor(user))) {
    return <Navigate to={rule.deniedTo} replace state={rule.deniedNotice ? { notice: rule.deniedNotice } : undefined} />;
  }
  return <>{children}</>;
}
