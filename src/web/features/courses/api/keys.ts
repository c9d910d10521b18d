import type { CourseListParams } from './get-courses';

/** Query keys of the courses feature; a change to any course invalidates `all`. */
export const courseKeys = {
  all: ['courses'] as const,
  list: (params: CourseListParams) => ['courses', 'list', params] as const,
  detail: (id: number) => ['courses', 'detail', id] as const,
  outline: (id: number) => ['courses', 'outline', id] as const,
  results: (id: number) => ['courses', 'results', id] as const,
  categories: ['courses', 'categories'] as const,
  mine: ['courses', 'mine'] as const,
  authored: ['courses', 'authored'] as const,
};
