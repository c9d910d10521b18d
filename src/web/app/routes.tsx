import type { ComponentType } from 'react';
import { paths } from '../lib/paths';
import { routeAccess, type RouteAccess, type RoutePath } from '../lib/route-access';

type PageModule = Promise<{ default: ComponentType }>;

export interface AppRoute extends RouteAccess {
  /** Loaded on demand, so each screen's code arrives only when it opens. */
  page: () => PageModule;
}

/** The screen of each address; who may open it is in lib/route-access.ts. */
const pages: Record<RoutePath, () => PageModule> = {
  [paths.home]: () => import('../features/site/pages/LandingPage'),
  [paths.login]: () => import('../features/auth/pages/LoginPage'),
  [paths.signup]: () => import('../features/auth/pages/SignupPage'),
  [paths.forgotPassword]: () => import('../features/auth/pages/ForgotPasswordPage'),
  [paths.resetPassword]: () => import('../features/auth/pages/ResetPasswordPage'),
  [paths.confirmEmail]: () => import('../features/auth/pages/ConfirmEmailPage'),
  [paths.about]: () => import('../features/site/pages/AboutPage'),
  [paths.privacy]: () => import('../features/site/pages/PrivacyPage'),
  [paths.terms]: () => import('../features/site/pages/TermsPage'),
  [paths.cookies]: () => import('../features/site/pages/CookiesPage'),
  [paths.accessibility]: () => import('../features/site/pages/AccessibilityPage'),
  [paths.publicCourses]: () => import('../features/courses/pages/CataloguePage'),
  '/courses/:slug': () => import('../features/courses/pages/CourseOrCategoryPage'),
  '/certificats/:code': () => import('../features/certificates/pages/VerificationPage'),
  [paths.waitingApproval]: () => import('../features/trainers/pages/WaitingApprovalPage'),
  [paths.uploadCv]: () => import('../features/trainers/pages/UploadCvPage'),
  [paths.trainerCourses]: () => import('../features/courses/pages/TrainerCoursesPage'),
  [paths.trainerSatisfaction]: () => import('../features/satisfaction/pages/TrainerSatisfactionPage'),
  [paths.addCourse]: () => import('../features/courses/pages/CreateCoursePage'),
  [paths.instructorCreateCourse]: () => import('../features/courses/pages/CreateCoursePage'),
  '/formateur/courses/:id/contenu': () => import('../features/authoring/pages/CourseContentPage'),
  '/formateur/courses/:id/quiz/:lessonId': () => import('../features/authoring/pages/QuizEditorPage'),
  [paths.profile]: () => import('../features/profile/pages/ProfilePage'),
  [paths.notifications]: () => import('../features/notifications/pages/NotificationsPage'),
  [paths.catalogue]: () => import('../features/courses/pages/CataloguePage'),
  '/user/courses/:id': () => import('../features/courses/pages/CourseDetailPage'),
  '/user/courses/:id/learn/:lessonId?': () => import('../features/learning/pages/PlayerPage'),
  [paths.myLearning]: () => import('../features/learning/pages/MyLearningPage'),
  [paths.organisationDashboard]: () => import('../features/organisations/pages/DashboardPage'),
  [paths.organisationMembers]: () => import('../features/organisations/pages/MembersPage'),
  [paths.joinOrganisation]: () => import('../features/organisations/pages/JoinPage'),
  [paths.adminDashboard]: () => import('../features/admin/pages/DashboardPage'),
  [paths.adminOrganisations]: () => import('../features/organisations/pages/AdminOrganisationsPage'),
  [paths.adminApprovals]: () => import('../features/admin/pages/ApprovalsPage'),
  [paths.adminMembers]: () => import('../features/admin/pages/MembersPage'),
  '/admin/users/:id': () => import('../features/admin/pages/UserDetailPage'),
  [paths.adminCourses]: () => import('../features/admin/pages/CoursesQueuePage'),
  '/admin/courses/:id': () => import('../features/admin/pages/CourseReviewPage'),
  [paths.adminCertificates]: () => import('../features/certificates/pages/AdminCertificatesPage'),
  [paths.adminSatisfaction]: () => import('../features/satisfaction/pages/AdminSatisfactionPage'),
  '/admin/meeting/:userId/:meetingId?': () => import('../features/meetings/pages/MeetingPage'),
  '*': () => import('../features/site/pages/NotFoundPage'),
};

/** The route table of spec section 2: each address with its access rule and its screen. */
export const appRoutes: AppRoute[] = routeAccess.map((access) => ({ ...access, page: pages[access.path] }));
