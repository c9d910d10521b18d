import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorQuiz, QuizSettingsBody } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `PUT /api/lessons/{id}/quiz`: the pass mark and the attempt limit. */
export function updateQuizSettings({ lessonId, body }: { lessonId: number; body: QuizSettingsBody }): Promise<AuthorQuiz> {
  return apiFetch<AuthorQuiz>(`/api/lessons/${lessonId}/quiz`, { method: 'PUT', body });
}

export function useUpdateQuizSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuizSettings,
    onSuccess: (quiz, { lessonId }) => queryClient.setQueryData(authoringKeys.quiz(lessonId), quiz),
  });
}
