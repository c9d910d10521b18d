import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorCourses } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/formateur/courses`: the caller's own courses, drafts included. */
export function getTrainerCourses(signal?: AbortSignal): Promise<AuthorCourses> {
  return apiFetch<AuthorCourses>('/api/formateur/courses', { signal });
}

export function trainerCoursesQueryOptions() {
  return queryOptions({ queryKey: courseKeys.authored, queryFn: ({ signal }) => getTrainerCourses(signal) });
}

export function useTrainerCourses() {
  return useQuery(trainerCoursesQueryOptions());
}
