import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseOutline } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/courses/{id}/outline`: sections, lessons and totals (with `completed` for an enrolled caller). */
export function getCourseOutline(id: number, signal?: AbortSignal): Promise<CourseOutline> {
  return apiFetch<CourseOutline>(`/api/courses/${id}/outline`, { signal });
}

export function courseOutlineQueryOptions(id: number) {
  return queryOptions({ queryKey: courseKeys.outline(id), queryFn: ({ signal }) => getCourseOutline(id, signal) });
}

export function useCourseOutline(id: number) {
  return useQuery(courseOutlineQueryOptions(id));
}
