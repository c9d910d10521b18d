import type { AdminUsersFilters } from '../../../../shared/admin';
import type { AdminCoursesFilters } from './get-admin-courses';

/** Query keys of the administration screens; any change to a user invalidates `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filters: AdminUsersFilters) => ['admin', 'users', filters] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  courses: (filters: AdminCoursesFilters) => ['admin', 'courses', filters] as const,
  courseReviews: (id: number) => ['admin', 'course-reviews', id] as const,
  quizAnswers: (lessonId: number) => ['admin', 'quiz-answers', lessonId] as const,
};
