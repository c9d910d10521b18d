import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonContent } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `GET /api/lessons/{id}`: the saved lesson, its Markdown source (for its author) and the HTML learners see. */
export function getLesson(lessonId: number, signal?: AbortSignal): Promise<LessonContent> {
  return apiFetch<LessonContent>(`/api/lessons/${lessonId}`, { signal });
}

export function lessonQueryOptions(lessonId: number) {
  return queryOptions({ queryKey: authoringKeys.lesson(lessonId), queryFn: ({ signal }) => getLesson(lessonId, signal) });
}

/** `lessonId` null (a lesson not created yet) loads nothing. */
export function useLesson(lessonId: number | null) {
  return useQuery({ ...lessonQueryOptions(lessonId ?? 0), enabled: lessonId !== null });
}
