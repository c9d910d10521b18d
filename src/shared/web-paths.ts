/**
 * The pages of the web application, in one table for both sides: the route table of src/web/app
 * matches `webRoutes`, the screens' links, the server's notifications, e-mails and exports build
 * `webPaths`, and the build reads the route table that uses them (scripts/route-preloads.mjs). An
 * address changes here and nowhere else.
 */

/** Each page's pattern, as React Router matches it (`:name` a segment, `?` an optional one). */
export const webRoutes = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/mot-de-passe-oublie',
  /** Opened from the e-mailed link (`?token=…`); the page takes the token out of the address. */
  resetPassword: '/reinitialiser-mot-de-passe',
  /** Opened from the e-mailed link that confirms an address (signup, or a change of address). */
  confirmEmail: '/confirmer-email',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  accessibility: '/accessibilite',
  /** The complaints form (issue 27, indicator 31), open to visitors. */
  complaint: '/reclamation',
  /** The cold survey of an enrolment (indicator 30), for its learner. */
  coldSurvey: '/enquete/:enrolmentId',
  publicCourses: '/courses',
  /** A course (numeric segment) or a category of the public catalogue: CourseOrCategoryPage tells them apart. */
  publicCourseOrCategory: '/courses/:slug',
  /** The public verification page of an attestation, the address its QR code holds. */
  certificate: '/certificats/:code',
  waitingApproval: '/formateur/waiting-approval',
  uploadCv: '/formateur/upload-cv',
  trainerCourses: '/formateur/courses',
  /** The learners' satisfaction answers about the trainer's courses, with the CSV export. */
  trainerSatisfaction: '/formateur/avis',
  addCourse: '/formateur/add-course',
  instructorCreateCourse: '/instructor/courses/create',
  /** The content editor of a course: public information, chapters and lessons. */
  courseContent: '/formateur/courses/:id/contenu',
  /** The questions and settings of a quiz lesson of the course. */
  quizEditor: '/formateur/courses/:id/quiz/:lessonId',
  /** A course's learners for its trainer: progress, time on screen, quiz results, proofs (issue 27). */
  courseLearners: '/formateur/courses/:id/apprenants',
  profile: '/profile',
  /** Every notification of the signed-in user (the bell shows the latest). */
  notifications: '/notifications',
  /** The signed-in user's conversations and, with an id, one of them open (issue 26). */
  messages: '/messages/:conversationId?',
  catalogue: '/user/courses',
  courseDetail: '/user/courses/:id',
  /** The player: a lesson of the course, or (without one) the lesson where the learner resumes. */
  learn: '/user/courses/:id/learn/:lessonId?',
  /** A course's discussions (issue 26): its threads, or one of them; for its learners, its trainer and administrators. */
  courseDiscussions: '/user/courses/:id/discussions/:threadId?',
  myLearning: '/user/learning',
  /** Organisations (decision 025): their progress dashboard and their members. */
  organisationDashboard: '/organisme/tableau-de-bord',
  organisationMembers: '/organisme/membres',
  /** Opened from an organisation's invitation (`?token=…`): the learner accepts or declines. */
  joinOrganisation: '/rejoindre',
  adminDashboard: '/admin/dashboard',
  /** Organisations with their members and seat pools per course. */
  adminOrganisations: '/admin/organisations',
  adminCertificates: '/admin/attestations',
  /** Every course's satisfaction answers: moderation of comments and the CSV export. */
  adminSatisfaction: '/admin/avis',
  adminApprovals: '/admin/ApprovalFormateur',
  adminMembers: '/admin/ListOfMembres',
  adminUser: '/admin/users/:id',
  /** The review queue (submitted courses first) and one course's full preview with the decisions. */
  adminCourses: '/admin/courses',
  adminCourse: '/admin/courses/:id',
  adminMeeting: '/admin/meeting/:userId/:meetingId?',
  /** The directory by consent (issue 26): only people who opted in. */
  directory: '/annuaire',
  /** An approved trainer's public page. */
  trainerPublic: '/formateurs/:id',
  /** Opportunities (issue 26): the list, one opportunity with its answer form, its answers for the owner, a new one. */
  opportunities: '/opportunites',
  newOpportunity: '/opportunites/nouvelle',
  myApplications: '/opportunites/mes-candidatures',
  opportunity: '/opportunites/:id',
  opportunityResponses: '/opportunites/:id/candidatures',
  editOpportunity: '/opportunites/:id/modifier',
  /** Reported content and contested decisions (DSA notice and action, issue 26). */
  adminModeration: '/admin/moderation',
  /** Quality (issue 27): complaints, improvement actions, cold survey answers. */
  adminQuality: '/admin/qualite',
  /** The training provider's identity, signature and follow-up delays (issue 27). */
  adminSettings: '/admin/parametres',
  /** A moderation decision, as its author reads it and contests it (the notification's link). */
  moderationDecision: '/moderation/decisions/:id',
  /** Live sessions (issue 28): the trainer's planner of a course, the live sign-in sheet of a slot, the learner's sessions, the administrators' list. */
  courseSessions: '/formateur/courses/:id/sessions',
  slotSheet: '/formateur/creneaux/:id',
  mySessions: '/user/sessions',
  adminSessions: '/admin/sessions',
  /** Selling to individuals (issue 29): a paid course's contrat de formation, and the learner's contracts with their schedules. */
  courseContract: '/user/courses/:id/contrat',
  myContracts: '/user/contrats',
  /** Invoices (issue 29): the learner's, the organisation's, the administrators' (payments, credit notes). */
  myInvoices: '/mes-factures',
  organisationInvoices: '/organisme/factures',
  adminInvoices: '/admin/factures',
  /** Any other address. */
  notFound: '*',
} as const;

export type WebRoute = (typeof webRoutes)[keyof typeof webRoutes];

type Id = number | string;

/**
 * The address of `pattern` with its segments filled in (each one encoded); an optional segment
 * left undefined is dropped with its slash. A required segment left out is a programming error.
 */
export function fillRoute(pattern: WebRoute, params: Record<string, Id | undefined> = {}): string {
  return pattern.replace(/\/:(\w+)(\?)?/g, (_segment, name: string, optional: string | undefined) => {
    const value = params[name];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`${pattern} : le paramètre ${name} manque`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}

/** The address each link builds: the plain pages as they are, the others from their pattern. */
export const webPaths = {
  home: webRoutes.home,
  login: webRoutes.login,
  signup: webRoutes.signup,
  forgotPassword: webRoutes.forgotPassword,
  resetPassword: webRoutes.resetPassword,
  confirmEmail: webRoutes.confirmEmail,
  signupAs: (role: 'membre' | 'formateur' | 'organisme') => `${webRoutes.signup}?role=${role}`,
  about: webRoutes.about,
  privacy: webRoutes.privacy,
  terms: webRoutes.terms,
  cookies: webRoutes.cookies,
  accessibility: webRoutes.accessibility,
  complaint: webRoutes.complaint,
  coldSurvey: (enrolmentId: Id) => fillRoute(webRoutes.coldSurvey, { enrolmentId }),
  publicCourses: webRoutes.publicCourses,
  publicCategory: (slug: string) => fillRoute(webRoutes.publicCourseOrCategory, { slug }),
  /** A course's public page (visitors). */
  publicCourse: (id: Id) => fillRoute(webRoutes.publicCourseOrCategory, { slug: id }),
  certificate: (code: string) => fillRoute(webRoutes.certificate, { code }),
  waitingApproval: webRoutes.waitingApproval,
  uploadCv: webRoutes.uploadCv,
  trainerCourses: webRoutes.trainerCourses,
  trainerSatisfaction: webRoutes.trainerSatisfaction,
  addCourse: webRoutes.addCourse,
  instructorCreateCourse: webRoutes.instructorCreateCourse,
  courseContent: (id: Id) => fillRoute(webRoutes.courseContent, { id }),
  quizEditor: (courseId: Id, lessonId: Id) => fillRoute(webRoutes.quizEditor, { id: courseId, lessonId }),
  courseLearners: (id: Id) => fillRoute(webRoutes.courseLearners, { id }),
  profile: webRoutes.profile,
  /** The profile's interview card, where 'Mes rendez-vous' and the interview e-mails lead. */
  myInterview: `${webRoutes.profile}#entretien`,
  /** The profile's « Organisations » tab: memberships and pending invitations (issue 25). */
  myOrganisations: `${webRoutes.profile}#organisations`,
  notifications: webRoutes.notifications,
  /** The conversations, or one conversation open. */
  messages: (conversationId?: Id) => fillRoute(webRoutes.messages, { conversationId }),
  catalogue: webRoutes.catalogue,
  courseDetail: (id: Id) => fillRoute(webRoutes.courseDetail, { id }),
  learn: (courseId: Id, lessonId?: Id) => fillRoute(webRoutes.learn, { id: courseId, lessonId }),
  courseDiscussions: (courseId: Id, threadId?: Id) => fillRoute(webRoutes.courseDiscussions, { id: courseId, threadId }),
  myLearning: webRoutes.myLearning,
  organisationDashboard: webRoutes.organisationDashboard,
  organisationMembers: webRoutes.organisationMembers,
  joinOrganisation: webRoutes.joinOrganisation,
  adminDashboard: webRoutes.adminDashboard,
  adminOrganisations: webRoutes.adminOrganisations,
  adminCertificates: webRoutes.adminCertificates,
  adminSatisfaction: webRoutes.adminSatisfaction,
  adminApprovals: webRoutes.adminApprovals,
  adminMembers: webRoutes.adminMembers,
  adminUser: (id: Id) => fillRoute(webRoutes.adminUser, { id }),
  adminCourses: webRoutes.adminCourses,
  adminCourse: (id: Id) => fillRoute(webRoutes.adminCourse, { id }),
  directory: webRoutes.directory,
  trainerPublic: (id: Id) => fillRoute(webRoutes.trainerPublic, { id }),
  opportunities: webRoutes.opportunities,
  newOpportunity: webRoutes.newOpportunity,
  myApplications: webRoutes.myApplications,
  opportunity: (id: Id) => fillRoute(webRoutes.opportunity, { id }),
  opportunityResponses: (id: Id) => fillRoute(webRoutes.opportunityResponses, { id }),
  editOpportunity: (id: Id) => fillRoute(webRoutes.editOpportunity, { id }),
  /** The profile's directory settings. */
  myDirectory: `${webRoutes.profile}#annuaire`,
  adminMeeting: (userId: Id, meetingId?: Id) => fillRoute(webRoutes.adminMeeting, { userId, meetingId }),
  adminModeration: webRoutes.adminModeration,
  adminQuality: webRoutes.adminQuality,
  adminSettings: webRoutes.adminSettings,
  moderationDecision: (id: Id) => fillRoute(webRoutes.moderationDecision, { id }),
  courseSessions: (id: Id) => fillRoute(webRoutes.courseSessions, { id }),
  slotSheet: (id: Id) => fillRoute(webRoutes.slotSheet, { id }),
  mySessions: webRoutes.mySessions,
  myInvoices: webRoutes.myInvoices,
  organisationInvoices: webRoutes.organisationInvoices,
  adminInvoices: webRoutes.adminInvoices,
  adminSessions: webRoutes.adminSessions,
  courseContract: (id: Id) => fillRoute(webRoutes.courseContract, { id }),
  myContracts: webRoutes.myContracts,
} as const;
