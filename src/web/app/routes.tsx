import type { ComponentType } from 'react';
import { webRoutes } from '../../shared/web-paths';
import { routeAccess, type RouteAccess, type RoutePath } from '../lib/route-access';

type PageModule = Promise<{ default: ComponentType }>;

export interface AppRoute extends RouteAccess {
  /** Loaded on demand, so each screen's code arrives only when it opens. */
  page: () => PageModule;
}

/**
 * The screen of each address; who may open it is in lib/route-access.ts. Pages that combine
 * features are composed here, and the build reads this table (scripts/route-preloads.mjs).
 */
const pages: Record<RoutePath, () => PageModule> = {
  [webRoutes.home]: () => import('../features/site/pages/LandingPage'),
  [webRoutes.login]: () => import('../features/auth/pages/LoginPage'),
  [webRoutes.signup]: () => import('../features/auth/pages/SignupPage'),
  [webRoutes.forgotPassword]: () => import('../features/auth/pages/ForgotPasswordPage'),
  [webRoutes.resetPassword]: () => import('../features/auth/pages/ResetPasswordPage'),
  [webRoutes.confirmEmail]: () => import('../features/auth/pages/ConfirmEmailPage'),
  [webRoutes.about]: () => import('../features/site/pages/AboutPage'),
  [webRoutes.privacy]: () => import('../features/site/pages/PrivacyPage'),
  [webRoutes.terms]: () => import('../features/site/pages/TermsPage'),
  [webRoutes.cookies]: () => import('../features/site/pages/CookiesPage'),
  [webRoutes.accessibility]: () => import('../features/site/pages/AccessibilityPage'),
  [webRoutes.complaint]: () => import('../features/quality/pages/ComplaintPage'),
  [webRoutes.coldSurvey]: () => import('../features/quality/pages/SurveyPage'),
  [webRoutes.publicCourses]: () => import('../features/courses/pages/CataloguePage'),
  [webRoutes.publicCourseOrCategory]: () => import('../features/courses/pages/CourseOrCategoryPage'),
  [webRoutes.certificate]: () => import('../features/certificates/pages/VerificationPage'),
  [webRoutes.waitingApproval]: () => import('../features/trainers/pages/WaitingApprovalPage'),
  [webRoutes.uploadCv]: () => import('../features/trainers/pages/UploadCvPage'),
  [webRoutes.trainerCourses]: () => import('../features/courses/pages/TrainerCoursesPage'),
  [webRoutes.trainerSatisfaction]: () => import('../features/satisfaction/pages/TrainerSatisfactionPage'),
  [webRoutes.addCourse]: () => import('../features/courses/pages/CreateCoursePage'),
  [webRoutes.instructorCreateCourse]: () => import('../features/courses/pages/CreateCoursePage'),
  [webRoutes.courseContent]: () => import('../features/authoring/pages/CourseContentPage'),
  [webRoutes.quizEditor]: () => import('../features/authoring/pages/QuizEditorPage'),
  [webRoutes.courseLearners]: () => import('../features/attendance/pages/CourseLearnersPage'),
  [webRoutes.profile]: () => import('../features/profile/pages/ProfilePage'),
  [webRoutes.notifications]: () => import('../features/notifications/pages/NotificationsPage'),
  [webRoutes.messages]: () => import('../features/messages/pages/MessagesPage'),
  [webRoutes.catalogue]: () => import('../features/courses/pages/CataloguePage'),
  [webRoutes.courseDetail]: () => import('../features/courses/pages/CourseDetailPage'),
  [webRoutes.learn]: () => import('../features/learning/pages/PlayerPage'),
  [webRoutes.courseDiscussions]: () => import('../features/discussions/pages/CourseDiscussionsPage'),
  [webRoutes.myLearning]: () => import('../features/learning/pages/MyLearningPage'),
  [webRoutes.organisationDashboard]: () => import('../features/organisations/pages/DashboardPage'),
  [webRoutes.organisationMembers]: () => import('../features/organisations/pages/MembersPage'),
  [webRoutes.joinOrganisation]: () => import('../features/organisations/pages/JoinPage'),
  [webRoutes.adminDashboard]: () => import('../features/admin/pages/DashboardPage'),
  [webRoutes.adminOrganisations]: () => import('../features/organisations/pages/AdminOrganisationsPage'),
  [webRoutes.adminApprovals]: () => import('../features/admin/pages/ApprovalsPage'),
  [webRoutes.adminMembers]: () => import('../features/admin/pages/MembersPage'),
  [webRoutes.adminUser]: () => import('../features/admin/pages/UserDetailPage'),
  [webRoutes.adminCourses]: () => import('../features/admin/pages/CoursesQueuePage'),
  [webRoutes.adminCourse]: () => import('../features/admin/pages/CourseReviewPage'),
  [webRoutes.adminCertificates]: () => import('../features/certificates/pages/AdminCertificatesPage'),
  [webRoutes.adminSatisfaction]: () => import('../features/satisfaction/pages/AdminSatisfactionPage'),
  [webRoutes.adminMeeting]: () => import('../features/meetings/pages/MeetingPage'),
  [webRoutes.directory]: () => import('../features/directory/pages/DirectoryPage'),
  [webRoutes.courseSessions]: () => import('../features/sessions/pages/CourseSessionsPage'),
  [webRoutes.slotSheet]: () => import('../features/sessions/pages/SlotSheetPage'),
  [webRoutes.mySessions]: () => import('../features/sessions/pages/MySessionsPage'),
  [webRoutes.adminSessions]: () => import('../features/sessions/pages/AdminSessionsPage'),
  [webRoutes.courseContract]: () => import('../features/contracts/pages/ContractPage'),
  [webRoutes.myContracts]: () => import('../features/contracts/pages/MyContractsPage'),
  [webRoutes.trainerPublic]: () => import('../features/directory/pages/TrainerPublicPage'),
  [webRoutes.opportunities]: () => import('../features/opportunities/pages/OpportunitiesPage'),
  [webRoutes.newOpportunity]: () => import('../features/opportunities/pages/NewOpportunityPage'),
  [webRoutes.myApplications]: () => import('../features/opportunities/pages/MyApplicationsPage'),
  [webRoutes.opportunity]: () => import('../features/opportunities/pages/OpportunityPage'),
  [webRoutes.opportunityResponses]: () => import('../features/opportunities/pages/OpportunityResponsesPage'),
  [webRoutes.editOpportunity]: () => import('../features/opportunities/pages/EditOpportunityPage'),
  [webRoutes.adminModeration]: () => import('../features/moderation/pages/AdminModerationPage'),
  [webRoutes.adminQuality]: () => import('../features/quality/pages/AdminQualityPage'),
  [webRoutes.adminSettings]: () => import('../features/provider/pages/SettingsPage'),
  [webRoutes.myInvoices]: () => import('../features/invoices/pages/MyInvoicesPage'),
  [webRoutes.organisationInvoices]: () => import('../features/invoices/pages/OrganisationInvoicesPage'),
  [webRoutes.adminInvoices]: () => import('../features/invoices/pages/AdminInvoicesPage'),
  [webRoutes.moderationDecision]: () => import('../features/moderation/pages/DecisionPage'),
  [webRoutes.notFound]: () => import('../features/site/pages/NotFoundPage'),
};

/** The route table of spec section 2: each address with its access rule and its screen. */
export const appRoutes: AppRoute[] = routeAccess.map((access) => ({ ...access, page: pages[access.path] }));
