/** Every client route in one place; screens build links with these, never by hand. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  signupAs: (role: 'membre' | 'formateur' | 'organisme') => `/signup?role=${role}`,
  about: '/about',
  publicCourses: '/courses',
  publicCategory: (slug: string) => `/courses/${slug}`,
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
  adminDashboard: '/admin/dashboard',
  adminApprovals: '/admin/ApprovalFormateur',
  adminMembers: '/admin/ListOfMembres',
  adminUser: (id: number | string) => `/admin/users/${id}`,
  adminMeeting: (userId: number | string, meetingId?: number | string) =>
    meetingId === undefined ? `/admin/meeting/${userId}` : `/admin/meeting/${userId}/${meetingId}`,
} as const;
