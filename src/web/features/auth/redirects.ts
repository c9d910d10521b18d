import type { AccountUser } from '../../../shared/auth';
import type { Role } from '../../../shared/roles';
import { webPaths } from '../../../shared/web-paths';
import { canOpen } from '../../lib/route-access';
import type { SessionUser } from '../../lib/session';

/** The session the store keeps for an account that just signed in or up. */
export function toSessionUser(user: AccountUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstname: user.firstname,
    lastname: user.lastname,
    isApproved: user.role !== 'formateur' || user.is_valid,
    hasMeeting: false,
    emailConfirmed: user.email_confirmed,
  };
}

/** Where the login and signup screens send someone who is already signed in. */
export function pageWhenSignedIn(role: Role): string {
  return role === 'admin' ? webPaths.adminDashboard : webPaths.profile;
}

/** Each role's page after logging in (spec section 2, "Login screen"). */
export function homeAfterLogin(user: Pick<AccountUser, 'role' | 'is_valid'>): string {
  switch (user.role) {
    case 'admin':
      return webPaths.adminDashboard;
    case 'formateur':
      return user.is_valid ? webPaths.trainerCourses : webPaths.waitingApproval;
    case 'membre':
      return webPaths.catalogue;
    case 'organisme':
      return webPaths.organisationDashboard;
    default:
      return webPaths.profile;
  }
}

/** Each role's page after signing up (spec section 2, "Signup screen"). */
export function homeAfterSignup(role: Role): string {
  switch (role) {
    case 'formateur':
      return webPaths.uploadCv;
    case 'membre':
      return webPaths.catalogue;
    case 'admin':
      return webPaths.adminDashboard;
    case 'organisme':
      return webPaths.organisationDashboard;
    default:
      return webPaths.home;
  }
}

/** The return path when it is same-site (never `//host` or a full URL), not a sign-in screen, and open to this user. */
function followableReturn(user: Pick<AccountUser, 'id' | 'role' | 'is_valid'>, from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const pathname = from.split(/[?#]/)[0]!;
  if (pathname === webPaths.login || pathname === webPaths.signup) return null;
  return canOpen(pathname, { id: user.id, role: user.role, is_valid: user.is_valid }) ? from : null;
}

/** After logging in: back to the page the guard (or a course page) sent them from, when their role may open it, else their role's page. */
export function pageAfterLogin(user: AccountUser, from: unknown): string {
  return followableReturn(user, from) ?? homeAfterLogin(user);
}

/** After signing up: back to the page they came from (e.g. the course they wanted to join), else their role's first page. */
export function pageAfterSignup(user: AccountUser, from: unknown): string {
  return followableReturn(user, from) ?? homeAfterSignup(user.role);
}
