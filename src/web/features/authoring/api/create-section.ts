import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorSection } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `POST /api/courses/{id}/sections`: a chapter at the end of the course. */
export function createSection({ courseId, title }: { courseId: number; title: string }): Promise<AuthorSection> {
  return apiFetch<AuthorSection>(`/api/courses/${courseId}/sections`, { method: 'POST', body: { title } });
}

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSection,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: authoringKeys.outline(courseId) }),
  });
}
