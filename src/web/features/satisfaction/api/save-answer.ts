import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySatisfactionAnswer, MySatisfactionAnswers, SatisfactionValues } from '../../../../shared/satisfaction';
import { apiFetch } from '../../../lib/api-client';
import { satisfactionKeys } from './keys';

export interface SaveAnswerInput {
  courseId: number;
  body: SatisfactionValues;
}

/** `PUT /api/courses/{id}/satisfaction`: the first answer, or a change within its 30 days. */
export function saveAnswer({ courseId, body }: SaveAnswerInput): Promise<MySatisfactionAnswer> {
  return apiFetch<MySatisfactionAnswer>(`/api/courses/${courseId}/satisfaction`, { method: 'PUT', body });
}

/** The learner's answers follow the server's reply at once; the trainers' and administrators' lists reload. */
export function useSaveAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnswer,
    onSuccess: (answer) => {
      queryClient.setQueryData<MySatisfactionAnswers>(satisfactionKeys.mine, (mine) =>
        mine && { items: [answer, ...mine.items.filter((item) => item.course_id !== answer.course_id)] },
      );
      return queryClient.invalidateQueries({ queryKey: satisfactionKeys.answers });
    },
  });
}
