import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface SetUserStatusInput {
  id: number;
  /** true approves, false revokes (and signs the user out everywhere). */
  isApproved: boolean;
}

/** `PUT /api/admin/users/{id}/status`. */
export function setUserStatus({ id, isApproved }: SetUserStatusInput): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/admin/users/${id}/status`, { method: 'PUT', body: { is_valid: isApproved } });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
