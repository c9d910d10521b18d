import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewResult } from '../../../../shared/reviews';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from '../../courses';

/** `POST /api/courses/{id}/submit`: the author asks for publication. */
export function submitCourse(courseId: number): Promise<ReviewResult> {
  return apiFetch<ReviewResult>(`/api/courses/${courseId}/submit`, { method: 'POST' });
}

export function useSubmitCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCourse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
