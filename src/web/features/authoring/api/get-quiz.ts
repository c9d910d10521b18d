import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorQuiz } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `GET /api/lessons/{id}/quiz/edit`: the quiz with its right answers, explanations and the course's objectives. */
export function getQuiz(lessonId: number, signal?: AbortSignal): Promise<AuthorQuiz> {
  return apiFetch<AuthorQuiz>(`/api/lessons/${lessonId}/quiz/edit`, { signal });
}

export function quizQueryOptions(lessonId: number) {
  return queryOptions({ queryKey: authoringKeys.quiz(lessonId), queryFn: ({ signal }) => getQuiz(lessonId, signal) });
}

/** `lessonId` null (a malformed address) loads nothing. */
export function useQuiz(lessonId: number | null) {
  return useQuery({ ...quizQueryOptions(lessonId ?? 0), enabled: lessonId !== null });
}
