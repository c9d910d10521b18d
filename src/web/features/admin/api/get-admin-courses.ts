import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseStatus } from '../../../../shared/courses';
import type { AdminCoursePage } from '../../../../shared/reviews';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface AdminCoursesFilters {
  status?: CourseStatus;
  page: number;
}

/** `GET /api/admin/courses`: one page of courses of a state (or all, those awaiting validation first), with each state's count. */
export function getAdminCourses(filters: AdminCoursesFilters, signal?: AbortSignal): Promise<AdminCoursePage> {
  return apiFetch<AdminCoursePage>(`/api/admin/courses${toQuery({ status: filters.status, page: filters.page })}`, { signal });
}

export function adminCoursesQueryOptions(filters: AdminCoursesFilters) {
  return queryOptions({
    queryKey: adminKeys.courses(filters),
    queryFn: ({ signal }) => getAdminCourses(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCourses(filters: AdminCoursesFilters) {
  return useQuery(adminCoursesQueryOptions(filters));
}
