import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `DELETE /api/courses/{id}`: the course, its files, its enrolments. */
export function deleteCourse(id: number): Promise<null> {
  return apiFetch<null>(`/api/courses/${id}`, { method: 'DELETE' });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
