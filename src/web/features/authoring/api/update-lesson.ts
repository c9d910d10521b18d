import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorLesson, LessonUpdateBody } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `PUT /api/lessons/{id}`: the fields given change, the others stay. */
export function updateLesson({ lessonId, body }: { courseId: number; lessonId: number; body: LessonUpdateBody }): Promise<AuthorLesson> {
  return apiFetch<AuthorLesson>(`/api/lessons/${lessonId}`, { method: 'PUT', body });
}

export function useUpdateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLesson,
    onSuccess: async (_data, { courseId, lessonId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
        queryClient.invalidateQueries({ queryKey: authoringKeys.lesson(lessonId) }),
      ]);
    },
  });
}
