import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizView } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { learningKeys } from './keys';

/** `GET /api/lessons/{id}/quiz`: the questions (never their answers) and the caller's attempts. */
export function getQuiz(lessonId: number, signal?: AbortSignal): Promise<QuizView> {
  return apiFetch<QuizView>(`/api/lessons/${lessonId}/quiz`, { signal });
}

export function quizQueryOptions(lessonId: number) {
  return queryOptions({ queryKey: learningKeys.quiz(lessonId), queryFn: ({ signal }) => getQuiz(lessonId, signal) });
}

export function useQuiz(lessonId: number) {
  return useQuery(quizQueryOptions(lessonId));
}
