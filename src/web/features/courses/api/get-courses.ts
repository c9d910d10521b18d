import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePage } from '../../../../shared/courses';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { initialDataUpdatedAt, takeInitialData } from '../../../lib/initial-data';
import { courseKeys } from './keys';

export interface CourseListParams {
  q?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}

/** `GET /api/courses`: the published catalogue, searched and paged by the server. */
export function getCourses(params: CourseListParams, signal?: AbortSignal): Promise<CoursePage> {
  return apiFetch<CoursePage>(coursesPath(params), { signal });
}

function coursesPath(params: CourseListParams): string {
  return `/api/courses${toQuery({ ...params })}`;
}

export function coursesQueryOptions(params: CourseListParams) {
  return queryOptions({
    queryKey: courseKeys.list(params),
    queryFn: ({ signal }) => getCourses(params, signal),
    // The public catalogue's first page comes inlined in index.html (decision 031).
    initialData: () => takeInitialData<CoursePage>(coursesPath(params)),
    initialDataUpdatedAt,
    // The previous results stay on screen while the next search loads, so the grid does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useCourses(params: CourseListParams) {
  return useQuery(coursesQueryOptions(params));
}
