import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewResult } from '../../../../shared/reviews';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from '../../courses';
import { adminKeys } from './keys';

export type ReviewDecision = { id: number; action: 'publish' } | { id: number; action: 'request-changes' | 'unpublish'; reason: string };

/** `POST /api/admin/courses/{id}/publish | request-changes | unpublish`: an administrator's decision on a course. */
export function reviewCourse(decision: ReviewDecision): Promise<ReviewResult> {
  return apiFetch<ReviewResult>(`/api/admin/courses/${decision.id}/${decision.action}`, {
    method: 'POST',
    ...(decision.action === 'publish' ? {} : { body: { reason: decision.reason } }),
  });
}

export function useReviewCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCourse,
    // The queue, the course's page and every course list (catalogue included) change with its state.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: courseKeys.all })]),
  });
}
