import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseInformation, CourseInformationBody } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from '../../courses';

/** `PUT /api/courses/{id}/information`: objectives, audience, prerequisites, assessment. */
export function updateInformation({ courseId, body }: { courseId: number; body: CourseInformationBody }): Promise<CourseInformation> {
  return apiFetch<CourseInformation>(`/api/courses/${courseId}/information`, { method: 'PUT', body });
}

export function useUpdateInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInformation,
    onSuccess: (_data, { courseId }) => queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
  });
}
