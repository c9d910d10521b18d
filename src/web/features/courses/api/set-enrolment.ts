import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolmentState } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `POST` (join) or `DELETE` (leave) `/api/courses/{id}/enrolment`; joining twice changes nothing. */
export function setEnrolment({ id, enrolled }: { id: number; enrolled: boolean }): Promise<EnrolmentState> {
  return apiFetch<EnrolmentState>(`/api/courses/${id}/enrolment`, { method: enrolled ? 'POST' : 'DELETE' });
}

export function useSetEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnrolment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
