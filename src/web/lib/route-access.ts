import { matchPath } from 'react-router';
import { canAuthorCourses, isAdmin, isOrganisation, type Actor } from '../../shared/roles';
import { paths } from './paths';

/** What a route allows beyond being signed in, and where a refused user goes. */
export interface RouteRule {
  allow: (user: Actor) => boolean;
  deniedTo: string;
  /** Shown on the page the refused user lands on. */
  deniedNotice?: string;
}

export interface RouteAccess {
  path: string;
  /** Signed-in users only. */
  auth?: boolean;
  rule?: RouteRule;
}

const adminOnly: RouteRule = { allow: isAdmin, deniedTo: paths.home };
const courseAuthors: RouteRule = {
  allow: canAuthorCourses,
  deniedTo: paths.profile,
  deniedNotice: 'Seuls les formateurs approuvés et les administrateurs peuvent créer des cours.',
};
const organisationsOnly: RouteRule = {
  allow: isOrganisation,
  deniedTo: paths.profile,
  deniedNotice: 'Cet espace est réservé aux organisations.',
};

/**
 * Who may open each address of spec section 2, in one place. The screens live in app/routes.tsx,
 * so that the login page can ask `canOpen` without importing the route table that loads it.
 */
export const routeAccess = [
  { path: paths.home },
  { path: paths.login },
  { path: paths.signup },
  { path: paths.forgotPassword },
  { path: paths.resetPassword },
  { path: paths.confirmEmail },
  { path: paths.about },
  { path: paths.privacy },
  { path: paths.terms },
  { path: paths.cookies },
  { path: paths.accessibility },
  { path: paths.publicCourses },
  // A course (numeric segment) or a category: CourseOrCategoryPage tells them apart.
  { path: '/courses/:slug' },
  // Public: whoever holds an attestation's code (its QR code) checks it without an account.
  { path: '/certificats/:code' },
  { path: paths.waitingApproval, auth: true },
  { path: paths.uploadCv, auth: true },
  { path: paths.trainerCourses, auth: true, rule: courseAuthors },
  { path: paths.trainerSatisfaction, auth: true, rule: courseAuthors },
  { path: paths.addCourse, auth: true, rule: courseAuthors },
  { path: paths.instructorCreateCourse, auth: true, rule: courseAuthors },
  { path: '/formateur/courses/:id/contenu', auth: true, rule: courseAuthors },
  { path: '/formateur/courses/:id/quiz/:lessonId', auth: true, rule: courseAuthors },
  { path: paths.profile, auth: true },
  { path: paths.notifications, auth: true },
  { path: paths.catalogue, auth: true },
  { path: '/user/courses/:id', auth: true },
  { path: '/user/courses/:id/learn/:lessonId?', auth: true },
  { path: paths.myLearning, auth: true },
  // Organisations (decision 025).
  { path: paths.organisationDashboard, auth: true, rule: organisationsOnly },
  { path: paths.organisationMembers, auth: true, rule: organisationsOnly },
  // Any signed-in account: the page itself says when the invitation is for a learner's account.
  { path: paths.joinOrganisation, auth: true },
  { path: paths.adminDashboard, auth: true, rule: adminOnly },
  { path: paths.adminOrganisations, auth: true, rule: adminOnly },
  { path: paths.adminApprovals, auth: true, rule: adminOnly },
  { path: paths.adminMembers, auth: true, rule: adminOnly },
  { path: '/admin/users/:id', auth: true, rule: adminOnly },
  { path: paths.adminCourses, auth: true, rule: adminOnly },
  { path: '/admin/courses/:id', auth: true, rule: adminOnly },
  { path: paths.adminCertificates, auth: true, rule: adminOnly },
  { path: paths.adminSatisfaction, auth: true, rule: adminOnly },
  { path: '/admin/meeting/:userId/:meetingId?', auth: true, rule: adminOnly },
  { path: '*' },
] as const satisfies readonly RouteAccess[];

export type RoutePath = (typeof routeAccess)[number]['path'];

/** Whether this user may open this address (used to send them back where they were going). */
export function canOpen(pathname: string, user: Actor): boolean {
  const route: RouteAccess | undefined = routeAccess.find((r) => r.path !== '*' && matchPath({ path: r.path, end: true }, pathname));
  if (!route) return false;
  return !route.rule || route.rule.allow(user);
}

/**
 * What the login and signup screens receive in the history state, never in the URL: where to go
 * back afterwards and, from a course page, the wish to enrol in that course once signed in.
 */
export interface ReturnState {
  from?: string;
  enrolCourseId?: number;
}

/** The return state of a location, keeping only well-formed fields (history state is untyped). */
export function readReturnState(state: unknown): ReturnState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, enrolCourseId } = state as Record<string, unknown>;
  return {
    ...(typeof from === 'string' ? { from } : {}),
    ...(typeof enrolCourseId === 'number' && Number.isInteger(enrolCourseId) && enrolCourseId > 0 ? { enrolCourseId } : {}),
  };
}

/** The state handed to the page reached after signing in: the enrolment wish only when going back where it was made. */
export function stateAfterSignIn(target: string, returnState: ReturnState): { enrolCourseId: number } | undefined {
  return returnState.enrolCourseId !== undefined && target === returnState.from ? { enrolCourseId: returnState.enrolCourseId } : undefined;
}
