import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorQuestion, QuestionBody } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

export interface SaveQuestionInput {
  lessonId: number;
  /** Absent: a new question at the end of the quiz (`POST /api/lessons/{id}/quiz/questions`). */
  questionId?: number;
  body: QuestionBody;
}

/** `POST /api/lessons/{id}/quiz/questions` or `PUT /api/quiz-questions/{id}`: the whole question. */
export function saveQuestion({ lessonId, questionId, body }: SaveQuestionInput): Promise<AuthorQuestion> {
  return questionId === undefined
    ? apiFetch<AuthorQuestion>(`/api/lessons/${lessonId}/quiz/questions`, { method: 'POST', body })
    : apiFetch<AuthorQuestion>(`/api/quiz-questions/${questionId}`, { method: 'PUT', body });
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (_data, { lessonId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.quiz(lessonId) }),
  });
}
