import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorLesson, LessonCreateBody } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `POST /api/sections/{id}/lessons`: a text lesson at the end of the chapter. */
export function createLesson({ sectionId, body }: { courseId: number; sectionId: number; body: LessonCreateBody }): Promise<AuthorLesson> {
  return apiFetch<AuthorLesson>(`/api/sections/${sectionId}/lessons`, { method: 'POST', body });
}

export function useCreateLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLesson,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
