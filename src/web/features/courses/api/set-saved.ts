import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedState } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `POST` (save for later) or `DELETE` (unsave) `/api/courses/{id}/saved`. */
export function setSaved({ id, saved }: { id: number; saved: boolean }): Promise<SavedState> {
  return apiFetch<SavedState>(`/api/courses/${id}/saved`, { method: saved ? 'POST' : 'DELETE' });
}

export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSaved,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
