import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { canAuthorCourses, isAdmin, type Actor } from '../../shared/roles';
import type { RouteRule } from './guard';
import { paths } from './paths';

type PageModule = Promise<{ default: ComponentType }>;

export interface AppRoute {
  path: string;
  /** Loaded on demand, so each screen's code arrives only when it opens. */
  page: () => PageModule;
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

/** The route table of spec section 2, in one place. */
export const appRoutes: AppRoute[] = [
  { path: paths.home, page: () => import('../features/site/pages/LandingPage') },
  { path: paths.login, page: () => import('../features/auth/pages/LoginPage') },
  { path: paths.signup, page: () => import('../features/auth/pages/SignupPage') },
  { path: paths.about, page: () => import('../features/site/pages/AboutPage') },
  { path: paths.privacy, page: () => import('../features/site/pages/PrivacyPage') },
  { path: paths.terms, page: () => import('../features/site/pages/TermsPage') },
  { path: paths.cookies, page: () => import('../features/site/pages/CookiesPage') },
  { path: paths.accessibility, page: () => import('../features/site/pages/AccessibilityPage') },
  { path: paths.publicCourses, page: () => import('../features/courses/pages/CataloguePage') },
  { path: '/courses/:slug', page: () => import('../features/courses/pages/CataloguePage') },
  { path: paths.waitingApproval, page: () => import('../features/trainers/pages/WaitingApprovalPage'), auth: true },
  { path: paths.uploadCv, page: () => import('../features/trainers/pages/UploadCvPage'), auth: true },
  { path: paths.trainerCourses, page: () => import('../features/courses/pages/TrainerCoursesPage'), auth: true, rule: courseAuthors },
  { path: paths.addCourse, page: () => import('../features/courses/pages/CreateCoursePage'), auth: true, rule: courseAuthors },
  { path: paths.instructorCreateCourse, page: () => import('../features/courses/pages/CreateCoursePage'), auth: true, rule: courseAuthors },
  { path: paths.profile, page: () => import('../features/profile/pages/ProfilePage'), auth: true },
  { path: paths.catalogue, page: () => import('../features/courses/pages/CataloguePage'), auth: true },
  { path: '/user/courses/:id', page: () => import('../features/courses/pages/CourseDetailPage'), auth: true },
  { path: paths.adminDashboard, page: () => import('../features/admin/pages/DashboardPage'), auth: true, rule: adminOnly },
  { path: paths.adminApprovals, page: () => import('../features/admin/pages/ApprovalsPage'), auth: true, rule: adminOnly },
  { path: paths.adminMembers, page: () => import('../features/admin/pages/MembersPage'), auth: true, rule: adminOnly },
  { path: '/admin/users/:id', page: () => import('../features/admin/pages/UserDetailPage'), auth: true, rule: adminOnly },
  { path: '/admin/meeting/:userId/:meetingId?', page: () => import('../features/meetings/pages/MeetingPage'), auth: true, rule: adminOnly },
  { path: '*', page: () => import('../features/site/pages/NotFoundPage') },
];

/** Whether this user may open this address (used to send them back where they were going). */
export function canOpen(pathname: string, user: Actor): boolean {
  const route = appRoutes.find((r) => r.path !== '*' && matchPath({ path: r.path, end: true }, pathname));
  if (!route) return false;
  return !route.rule || route.rule.allow(user);
}
