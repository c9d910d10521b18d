import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `DELETE /api/quiz-questions/{id}`: attempts already submitted keep their own correction. */
export function deleteQuestion({ questionId }: { lessonId: number; questionId: number }): Promise<null> {
  return apiFetch<null>(`/api/quiz-questions/${questionId}`, { method: 'DELETE' });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_data, { lessonId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.quiz(lessonId) }),
  });
}
