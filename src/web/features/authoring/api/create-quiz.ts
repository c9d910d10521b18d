import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorQuizLesson, QuizCreateBody } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `POST /api/sections/{id}/quizzes`: a quiz lesson (without questions yet) at the end of the chapter. */
export function createQuiz({ sectionId, body }: { courseId: number; sectionId: number; body: QuizCreateBody }): Promise<AuthorQuizLesson> {
  return apiFetch<AuthorQuizLesson>(`/api/sections/${sectionId}/quizzes`, { method: 'POST', body });
}

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuiz,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
