import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePage } from '../../../../shared/courses';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/courses?q=`: published courses matching a search, for choosing the course of a seat pool. */
export function searchPublishedCourses(q: string, signal?: AbortSignal): Promise<CoursePage> {
  return apiFetch<CoursePage>(`/api/courses${toQuery({ q, pageSize: 20 })}`, { signal });
}

export function courseSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: organisationKeys.courseSearch(q), queryFn: ({ signal }) => searchPublishedCourses(q, signal), placeholderData: keepPreviousData });
}

export function useCourseSearch(q: string) {
  return useQuery(courseSearchQueryOptions(q));
}
