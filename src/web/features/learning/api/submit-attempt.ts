import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseOutline } from '../../../../shared/learning';
import type { AttemptBody, AttemptResult, QuizView } from '../../../../shared/quiz';
import { apiFetch } from '../../../lib/api-client';
import { markCompleted } from './complete-lesson';
import { learningKeys } from './keys';

export interface SubmitAttemptInput {
  courseId: number;
  lessonId: number;
  body: AttemptBody;
}

/** `POST /api/lessons/{id}/quiz/attempts`: the server scores the answers and sends the correction of this attempt. */
export function submitAttempt({ lessonId, body }: SubmitAttemptInput): Promise<AttemptResult> {
  return apiFetch<AttemptResult>(`/api/lessons/${lessonId}/quiz/attempts`, { method: 'POST', body });
}

/** The quiz's summary follows the answer at once; a pass puts the check mark in the outline. */
export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAttempt,
    onSuccess: (result, { courseId, lessonId }) => {
      queryClient.setQueryData<QuizView>(learningKeys.quiz(lessonId), (quiz) =>
        quiz && {
          ...quiz,
          attempts: [...quiz.attempts, { id: result.id, number: result.number, score: result.score, passed: result.passed, submitted_at: result.submitted_at }],
          attempts_left: result.attempts_left,
          best_score: result.best_score,
          passed: result.quiz_passed,
          can_submit: result.attempts_left === null || result.attempts_left > 0,
        },
      );
      if (result.passed) {
        queryClient.setQueryData<CourseOutline>(learningKeys.outline(courseId), (outline) => outline && { ...markCompleted(outline, lessonId), completed_at: result.progress.completed_at });
      }
      return queryClient.invalidateQueries({ queryKey: learningKeys.mine });
    },
  });
}
