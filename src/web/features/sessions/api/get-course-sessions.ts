import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `GET /api/courses/{id}/sessions`. */
export function getCourseSessions(courseId: number, signal?: AbortSignal): Promise<SessionList> {
  return apiFetch<SessionList>(`/api/courses/${courseId}/sessions`, { signal });
}

export function courseSessionsQueryOptions(courseId: number) {
  return queryOptions({ queryKey: sessionKeys.course(courseId), queryFn: ({ signal }) => getCourseSessions(courseId, signal) });
}

export function useCourseSessions(courseId: number) {
  return useQuery(courseSessionsQueryOptions(courseId));
}
