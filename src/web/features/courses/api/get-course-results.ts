import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseResults } from '../../../../shared/public-info';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/courses/{id}/results`: enrolments, completion, quiz success and satisfaction over 12 months. */
export function getCourseResults(id: number, signal?: AbortSignal): Promise<CourseResults> {
  return apiFetch<CourseResults>(`/api/courses/${id}/results`, { signal });
}

export function courseResultsQueryOptions(id: number) {
  // The server keeps the figures a few minutes: asking again sooner would bring the same ones.
  return queryOptions({ queryKey: courseKeys.results(id), queryFn: ({ signal }) => getCourseResults(id, signal), staleTime: 5 * 60 * 1000 });
}

export function useCourseResults(id: number) {
  return useQuery(courseResultsQueryOptions(id));
}
