import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseOutline } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `GET /api/courses/{id}/outline`: the chapters and lessons, in order. */
export function getOutline(courseId: number, signal?: AbortSignal): Promise<CourseOutline> {
  return apiFetch<CourseOutline>(`/api/courses/${courseId}/outline`, { signal });
}

export function outlineQueryOptions(courseId: number) {
  return queryOptions({ queryKey: authoringKeys.outline(courseId), queryFn: ({ signal }) => getOutline(courseId, signal) });
}

/** `courseId` null (a malformed address) loads nothing. */
export function useOutline(courseId: number | null) {
  return useQuery({ ...outlineQueryOptions(courseId ?? 0), enabled: courseId !== null });
}
