import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `DELETE /api/admin/users/{id}`: the account, its sessions, meetings, courses and files. */
export function deleteUser(id: number): Promise<null> {
  return apiFetch<null>(`/api/admin/users/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
