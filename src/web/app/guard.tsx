import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { webPaths } from '../../shared/web-paths';
import type { RouteRule } from '../lib/route-access';
import { toActor, useSession } from '../lib/session';

/**
 * Client-side comfort only: the server enforces every rule again. Nothing shows while the
 * session loads; visitors go to /login and come back afterwards.
 */
export function RequireAuth({ rule, children }: { rule?: RouteRule; children: ReactNode }) {
  const { isAuthenticated, loading, user } = useSession();
  const location = useLocation();
  if (loading) return null;
  if (!isAuthenticated || !user) {
    return <Navigate to={webPaths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (rule && !rule.allow(toActor(user))) {
    return <Navigate to={rule.deniedTo} replace state={rule.deniedNotice ? { notice: rule.deniedNotice } : undefined} />;
  }
  return <>{children}</>;
}
