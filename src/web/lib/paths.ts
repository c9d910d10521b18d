/** Every client route in one place; screens build links with these, never by hand. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/mot-de-passe-oublie',
  /** Opened from the e-mailed link (`?token=…`); the page takes the token out of the address. */
  resetPassword: '/reinitialiser-mot-de-passe',
  /** Opened from the e-mailed link that confirms an address (signup, or a change of address). */
  confirmEmail: '/confirmer-email',
  signupAs: (role: 'membre' | 'formateur' | 'organisme') => `/signup?role=${role}`,
  about: '/about',
  publicCourses: '/courses',
  publicCategory: (slug: string) => `/courses/${slug}`,
  /** A course's public page (visitors): a numeric segment under /courses is a course, anything else a category. */
  publicCourse: (id: number | string) => `/courses/${id}`,
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  accessibility: '/accessibilite',
  waitingApproval: '/formateur/waiting-approval',
  uploadCv: '/formateur/upload-cv',
  trainerCourses: '/formateur/courses',
  /** The learners' satisfaction answers about the trainer's courses, with the CSV export. */
  trainerSatisfaction: '/formateur/avis',
  addCourse: '/formateur/add-course',
  /** The content editor of a course: public information, chapters and lessons. */
  courseContent: (id: number | string) => `/formateur/courses/${id}/contenu`,
  /** The questions and settings of a quiz lesson of the course. */
  quizEditor: (courseId: number | string, lessonId: number | string) => `/formateur/courses/${courseId}/quiz/${lessonId}`,
  instructorCreateCourse: '/instructor/courses/create',
  profile: '/profile',
  /** Every notification of the signed-in user (the bell shows the latest). */
  notifications: '/notifications',
  /** The profile's interview card, where 'Mes Rendez-vous' leads. */
  myInterview: '/profile#entretien',
  catalogue: '/user/courses',
  courseDetail: (id: number | string) => `/user/courses/${id}`,
  /** The player: a lesson of the course, or (without one) the lesson where the learner resumes. */
  learn: (courseId: number | string, lessonId?: number | string) =>
    lessonId === undefined ? `/user/courses/${courseId}/learn` : `/user/courses/${courseId}/learn/${lessonId}`,
  myLearning: '/user/learning',
  /** The public verification page of an attestation, the address its QR code holds. */
  certificate: (code: string) => `/certificats/${encodeURIComponent(code)}`,
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
  adminUser: (id: number | string) => `/admin/users/${id}`,
  /** The review queue (submitted courses first) and one course's full preview with the decisions. */
  adminCourses: '/admin/courses',
  adminCourse: (id: number | string) => `/admin/courses/${id}`,
  adminMeeting: (userId: number | string, meetingId?: number | string) =>
    meetingId === undefined ? `/admin/meeting/${userId}` : `/admin/meeting/${userId}/${meetingId}`,
} as const;
