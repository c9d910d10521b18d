import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonContent } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { linkRefreshDelay } from '../video-progress';
import { learningKeys } from './keys';

/** `GET /api/lessons/{id}`: the lesson with the server's safe HTML; the server remembers it as where to resume. */
export function getLesson(lessonId: number, signal?: AbortSignal): Promise<LessonContent> {
  return apiFetch<LessonContent>(`/api/lessons/${lessonId}`, { signal });
}

export function lessonQueryOptions(lessonId: number) {
  return queryOptions({ queryKey: learningKeys.lesson(lessonId), queryFn: ({ signal }) => getLesson(lessonId, signal) });
}

/**
 * `lessonId` null (a malformed address) loads nothing. A video or PDF lesson is fetched again
 * before its signed links expire (decision 017), so a long reading session never hits a dead link.
 */
export function useLesson(lessonId: number | null) {
  return useQuery({
    ...lessonQueryOptions(lessonId ?? 0),
    enabled: lessonId !== null,
    refetchInterval: (query) => linkRefreshDelay(query.state.data?.media?.expires_at),
    refetchIntervalInBackground: true,
  });
}
