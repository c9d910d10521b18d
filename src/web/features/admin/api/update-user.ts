import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdateInput } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `PUT /api/admin/users/{id}`: corrects a user's personal information. */
export function updateUser({ id, body }: { id: number; body: AdminUserUpdateInput }): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/admin/users/${id}`, { method: 'PUT', body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
