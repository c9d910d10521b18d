import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `DELETE /api/sections/{id}`: the chapter, its lessons and their progress. */
export function deleteSection({ sectionId }: { courseId: number; sectionId: number }): Promise<null> {
  return apiFetch<null>(`/api/sections/${sectionId}`, { method: 'DELETE' });
}

export function useDeleteSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSection,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
