import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `POST` (save for later) or `DELETE` (unsave) `/api/courses/{id}/saved`. */
export function setSaved({ id, saved }: { id: number; saved: boolean }): Promise<{ saved: boolean }> {
  return apiFetch<{ saved: boolean }>(`/api/courses/${id}/saved`, { method: saved ? 'POST' : 'DELETE' });
}

export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSaved,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
