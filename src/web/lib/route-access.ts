import { matchPath } from 'react-router';
import { canAuthorCourses, isAdmin, isOrganisation, type Actor } from '../../shared/roles';
import { webPaths, webRoutes } from '../../shared/web-paths';

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
  /** A page of the administrators' area: inside its layout route, under its menu (app/router.tsx). */
  area?: 'admin';
}

/** The administrators' area: its layout route (app/router.tsx) and each of its pages ask this. */
export const adminOnly: RouteRule = { allow: isAdmin, deniedTo: webPaths.home };
const courseAuthors: RouteRule = {
  allow: canAuthorCourses,
  deniedTo: webPaths.profile,
  deniedNotice: 'Seuls les formateurs approuvés et les administrateurs peuvent créer des cours.',
};
const opportunityPosters: RouteRule = {
  allow: (user) => isOrganisation(user) || isAdmin(user),
  deniedTo: webPaths.opportunities,
  deniedNotice: 'Seules les organisations et les administrateurs peuvent publier une opportunité.',
};
const organisationsOnly: RouteRule = {
  allow: isOrganisation,
  deniedTo: webPaths.profile,
  deniedNotice: 'Cet espace est réservé aux organisations.',
};

/**
 * Who may open each address of spec section 2, in one place. The screens live in app/routes.tsx,
 * so that the login page can ask `canOpen` without importing the route table that loads it.
 */
export const routeAccess = [
  { path: webRoutes.home },
  { path: webRoutes.login },
  { path: webRoutes.signup },
  { path: webRoutes.forgotPassword },
  { path: webRoutes.resetPassword },
  { path: webRoutes.confirmEmail },
  { path: webRoutes.about },
  { path: webRoutes.privacy },
  { path: webRoutes.terms },
  { path: webRoutes.cookies },
  { path: webRoutes.accessibility },
  { path: webRoutes.publicCourses },
  // A course (numeric segment) or a category: CourseOrCategoryPage tells them apart.
  { path: webRoutes.publicCourseOrCategory },
  // Public: whoever holds an attestation's code (its QR code) checks it without an account.
  { path: webRoutes.certificate },
  { path: webRoutes.waitingApproval, auth: true },
  { path: webRoutes.uploadCv, auth: true },
  { path: webRoutes.trainerCourses, auth: true, rule: courseAuthors },
  { path: webRoutes.trainerSatisfaction, auth: true, rule: courseAuthors },
  { path: webRoutes.addCourse, auth: true, rule: courseAuthors },
  { path: webRoutes.instructorCreateCourse, auth: true, rule: courseAuthors },
  { path: webRoutes.courseContent, auth: true, rule: courseAuthors },
  { path: webRoutes.quizEditor, auth: true, rule: courseAuthors },
  { path: webRoutes.courseLearners, auth: true, rule: courseAuthors },
  { path: webRoutes.profile, auth: true },
  { path: webRoutes.notifications, auth: true },
  { path: webRoutes.messages, auth: true },
  { path: webRoutes.catalogue, auth: true },
  { path: webRoutes.courseDetail, auth: true },
  { path: webRoutes.courseDiscussions, auth: true },
  // Public: a free preview lesson opens for visitors too; the player asks for the rest (issue 25).
  { path: webRoutes.learn },
  { path: webRoutes.myLearning, auth: true },
  // Issue 27: anyone files a complaint; the cold survey is its learner's (the server checks the enrolment is theirs).
  { path: webRoutes.complaint },
  { path: webRoutes.coldSurvey, auth: true },
  // Organisations (decision 025).
  { path: webRoutes.organisationDashboard, auth: true, rule: organisationsOnly },
  { path: webRoutes.organisationMembers, auth: true, rule: organisationsOnly },
  // Any signed-in account: the page itself says when the invitation is for a learner's account.
  { path: webRoutes.joinOrganisation, auth: true },
  // The author of moderated content reads the decision and contests it (the server checks that they are its author).
  { path: webRoutes.moderationDecision, auth: true },
  { path: webRoutes.adminDashboard, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminOrganisations, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminApprovals, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminMembers, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminUser, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminCourses, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminCourse, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminCertificates, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminSatisfaction, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminModeration, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminQuality, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.adminSettings, auth: true, rule: adminOnly, area: 'admin' },
  // Invoices (issue 29): the server answers each caller with their own.
  { path: webRoutes.adminInvoices, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.myInvoices, auth: true },
  { path: webRoutes.organisationInvoices, auth: true, rule: organisationsOnly },
  // The interview room fills the page: no menu above it.
  { path: webRoutes.adminMeeting, auth: true, rule: adminOnly },
  // The network (issue 26): the directory and the opportunities for signed-in users; a trainer's page is public.
  { path: webRoutes.directory, auth: true },
  { path: webRoutes.trainerPublic },
  { path: webRoutes.opportunities, auth: true },
  { path: webRoutes.newOpportunity, auth: true, rule: opportunityPosters },
  { path: webRoutes.myApplications, auth: true },
  { path: webRoutes.opportunity, auth: true },
  // The server says whether the caller owns it (403 otherwise).
  { path: webRoutes.opportunityResponses, auth: true },
  { path: webRoutes.editOpportunity, auth: true, rule: opportunityPosters },
  // Live sessions (issue 28): the server decides whose course and whose slot (403 otherwise).
  { path: webRoutes.courseSessions, auth: true, rule: courseAuthors },
  { path: webRoutes.slotSheet, auth: true, rule: courseAuthors },
  { path: webRoutes.mySessions, auth: true },
  // Selling to individuals (issue 29): a paid course's contract and the learner's contracts.
  { path: webRoutes.courseContract, auth: true },
  { path: webRoutes.myContracts, auth: true },
  { path: webRoutes.adminSessions, auth: true, rule: adminOnly, area: 'admin' },
  { path: webRoutes.notFound },
] as const satisfies readonly RouteAccess[];

export type RoutePath = (typeof routeAccess)[number]['path'];

/** Whether this user may open this address (used to send them back where they were going). */
export function canOpen(pathname: string, user: Actor): boolean {
  const route: RouteAccess | undefined = routeAccess.find((r) => r.path !== webRoutes.notFound && matchPath({ path: r.path, end: true }, pathname));
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
