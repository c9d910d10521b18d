import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `DELETE /api/organisation/members/{id}`: cancels an invitation or removes a member. */
export function removeMember(id: number): Promise<void> {
  return apiFetch<void>(`/api/organisation/members/${id}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
