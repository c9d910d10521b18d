import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseReviewList } from '../../../../shared/reviews';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/courses/{id}/reviews`: every change of state of the course, newest first. */
export function getCourseReviews(id: number, signal?: AbortSignal): Promise<CourseReviewList> {
  return apiFetch<CourseReviewList>(`/api/courses/${id}/reviews`, { signal });
}

export function courseReviewsQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.courseReviews(id), queryFn: ({ signal }) => getCourseReviews(id, signal) });
}

export function useCourseReviews(id: number | null) {
  return useQuery({ ...courseReviewsQueryOptions(id ?? 0), enabled: id !== null });
}
