import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePage } from '../../../../shared/courses';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { courseKeys } from './keys';

export interface CourseListParams {
  q?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}

/** `GET /api/courses`: the published catalogue, searched and paged by the server. */
export function getCourses(params: CourseListParams, signal?: AbortSignal): Promise<CoursePage> {
  return apiFetch<CoursePage>(`/api/courses${toQuery({ ...params })}`, { signal });
}

export function coursesQueryOptions(params: CourseListParams) {
  return queryOptions({
    queryKey: courseKeys.list(params),
    queryFn: ({ signal }) => getCourses(params, signal),
    // The previous results stay on screen while the next search loads, so the grid does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useCourses(params: CourseListParams) {
  return useQuery(coursesQueryOptions(params));
}
