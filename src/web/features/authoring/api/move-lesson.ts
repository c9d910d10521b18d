import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorLesson } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

export interface MoveLessonInput {
  courseId: number;
  lessonId: number;
  sectionId: number;
}

/** `PUT /api/lessons/{id}/section`: the lesson goes to the end of another chapter of the course. */
export function moveLesson({ lessonId, sectionId }: MoveLessonInput): Promise<AuthorLesson> {
  return apiFetch<AuthorLesson>(`/api/lessons/${lessonId}/section`, { method: 'PUT', body: { section_id: sectionId } });
}

export function useMoveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLesson,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
