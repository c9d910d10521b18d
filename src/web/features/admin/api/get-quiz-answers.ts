import { useQuery } from '@tanstack/react-query';
import type { AuthorQuiz } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/**
 * `GET /api/lessons/{id}/quiz/edit`: a quiz with its right answers, for the review screen. The
 * server gives it only to the course's author and administrators; learners get the questions
 * without the answers from `GET /api/lessons/{id}/quiz`.
 */
export function useQuizAnswers(lessonId: number) {
  return useQuery({ queryKey: adminKeys.quizAnswers(lessonId), queryFn: ({ signal }) => apiFetch<AuthorQuiz>(`/api/lessons/${lessonId}/quiz/edit`, { signal }) });
}
