import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `DELETE /api/user/organisations/{id}`: leaves; the organisation stops seeing one's progress. */
export function leaveOrganisation(id: number): Promise<void> {
  return apiFetch<void>(`/api/user/organisations/${id}`, { method: 'DELETE' });
}

export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveOrganisation, onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.mine }) });
}
