import type { AccountUser } from '../../../shared/auth';
import type { Role } from '../../../shared/roles';
import { paths } from '../../lib/paths';
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
  };
}

/** Where the login and signup screens send someone who is already signed in. */
export function pageWhenSignedIn(role: Role): string {
  return role === 'admin' ? paths.adminDashboard : paths.profile;
}

/** Each role's page after logging in (spec section 2, "Login screen"). */
export function homeAfterLogin(user: Pick<AccountUser, 'role' | 'is_valid'>): string {
  switch (user.role) {
    case 'admin':
      return paths.adminDashboard;
    case 'formateur':
      return user.is_valid ? paths.trainerCourses : paths.waitingApproval;
    case 'membre':
      return paths.catalogue;
    default:
      return paths.profile;
  }
}

/** Each role's page after signing up (spec section 2, "Signup screen"). */
export function homeAfterSignup(role: Role): string {
  switch (role) {
    case 'formateur':
      return paths.uploadCv;
    case 'membre':
      return paths.catalogue;
    case 'admin':
      return paths.adminDashboard;
    default:
      return paths.home;
  }
}

/**
 * After logging in: back to the page the guard stopped them at, when their role may open it,
 * else their role's page. Only same-site paths are followed (never `//host` or a full URL).
 */
export function pageAfterLogin(user: AccountUser, from: unknown): string {
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) {
    const pathname = from.split(/[?#]/)[0]!;
    const isAuthScreen = pathname === paths.login || pathname === paths.signup;
    if (!isAuthScreen && canOpen(pathname, { id: user.id, role: user.role, is_valid: user.is_valid })) return from;
  }
  return homeAfterLogin(user);
}
