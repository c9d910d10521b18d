import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/courses/{id}`: one course with the caller's enrolment and saved flags. */
export function getCourse(id: number, signal?: AbortSignal): Promise<CourseDetail> {
  return apiFetch<CourseDetail>(`/api/courses/${id}`, { signal });
}

export function courseQueryOptions(id: number) {
  return queryOptions({ queryKey: courseKeys.detail(id), queryFn: ({ signal }) => getCourse(id, signal) });
}

/** `id` null (a malformed address) loads nothing. */
export function useCourse(id: number | null) {
  return useQuery({ ...courseQueryOptions(id ?? 0), enabled: id !== null });
}
