import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `DELETE /api/lessons/{id}`: the lesson and the progress recorded on it. */
export function deleteLesson({ lessonId }: { courseId: number; lessonId: number }): Promise<null> {
  return apiFetch<null>(`/api/lessons/${lessonId}`, { method: 'DELETE' });
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLesson,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
