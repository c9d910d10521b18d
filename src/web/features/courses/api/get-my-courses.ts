import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCourses } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/user/courses`: the courses the caller joined and saved for later. */
export function getMyCourses(signal?: AbortSignal): Promise<MyCourses> {
  return apiFetch<MyCourses>('/api/user/courses', { signal });
}

export function myCoursesQueryOptions() {
  return queryOptions({ queryKey: courseKeys.mine, queryFn: ({ signal }) => getMyCourses(signal) });
}

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
