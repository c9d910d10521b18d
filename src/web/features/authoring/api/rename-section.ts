import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorSection } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `PUT /api/sections/{id}`: a new title for the chapter. */
export function renameSection({ sectionId, title }: { courseId: number; sectionId: number; title: string }): Promise<AuthorSection> {
  return apiFetch<AuthorSection>(`/api/sections/${sectionId}`, { method: 'PUT', body: { title } });
}

export function useRenameSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSection,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
