/** Every client route in one place; screens build links with these, never by hand. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
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
  addCourse: '/formateur/add-course',
  /** The content editor of a course: public information, chapters and lessons. */
  courseContent: (id: number | string) => `/formateur/courses/${id}/contenu`,
  instructorCreateCourse: '/instructor/courses/create',
  profile: '/profile',
  /** The profile's interview card, where 'Mes Rendez-vous' leads. */
  myInterview: '/profile#entretien',
  catalogue: '/user/courses',
  courseDetail: (id: number | string) => `/user/courses/${id}`,
  /** The player: a lesson of the course, or (without one) the lesson where the learner resumes. */
  learn: (courseId: number | string, lessonId?: number | string) =>
    lessonId === undefined ? `/user/courses/${courseId}/learn` : `/user/courses/${courseId}/learn/${lessonId}`,
  myLearning: '/user/learning',
  adminDashboard: '/admin/dashboard',
  adminApprovals: '/admin/ApprovalFormateur',
  adminMembers: '/admin/ListOfMembres',
  adminUser: (id: number | string) => `/admin/users/${id}`,
  adminMeeting: (userId: number | string, meetingId?: number | string) =>
    meetingId === undefined ? `/admin/meeting/${userId}` : `/admin/meeting/${userId}/${meetingId}`,
} as const;
