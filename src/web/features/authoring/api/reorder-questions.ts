import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorQuestion, AuthorQuiz } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `PUT /api/lessons/{id}/quiz/questions/order`: every question id, in the new order. */
export function reorderQuestions({ lessonId, ids }: { lessonId: number; ids: number[] }): Promise<AuthorQuestion[]> {
  return apiFetch<AuthorQuestion[]>(`/api/lessons/${lessonId}/quiz/questions/order`, { method: 'PUT', body: { ids } });
}

export function useReorderQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderQuestions,
    // One order at a time, as for the outline (reorder.ts): the last move is the one saved.
    scope: { id: 'quiz-order' },
    onSuccess: (questions, { lessonId }) => queryClient.setQueryData<AuthorQuiz>(authoringKeys.quiz(lessonId), (quiz) => quiz && { ...quiz, questions }),
  });
}
