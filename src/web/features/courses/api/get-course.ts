import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { initialDataUpdatedAt, takeInitialData } from '../../../lib/initial-data';
import { useSession } from '../../../lib/session';
import { courseKeys } from './keys';

/** `GET /api/courses/{id}`: one course with the caller's enrolment and saved flags. */
export function getCourse(id: number, signal?: AbortSignal): Promise<CourseDetail> {
  return apiFetch<CourseDetail>(coursePath(id), { signal });
}

function coursePath(id: number): string {
  return `/api/courses/${id}`;
}

export function courseQueryOptions(id: number) {
  return queryOptions({ queryKey: courseKeys.detail(id), queryFn: ({ signal }) => getCourse(id, signal) });
}

/**
 * `id` null (a malformed address) loads nothing. A visitor's course page comes inlined in index.html
 * (decision 031); a signed-in person's page asks the API, whose answer carries their enrolment.
 */
export function useCourse(id: number | null) {
  const visitor = useSession((state) => state.token === null);
  return useQuery({
    ...courseQueryOptions(id ?? 0),
    enabled: id !== null,
    ...(visitor && id !== null ? { initialData: () => takeInitialData<CourseDetail>(coursePath(id)), initialDataUpdatedAt } : {}),
  });
}
