import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCreatedResponse, AdminUserCreateInput } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `POST /api/admin/users`: a new account; the answer holds its temporary password, once. */
export function createUser(body: AdminUserCreateInput): Promise<AdminUserCreatedResponse> {
  return apiFetch<AdminUserCreatedResponse>('/api/admin/users', { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
