import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface RejectUserInput {
  id: number;
  /** Shown to the trainer on their waiting page; optional. */
  reason?: string;
}

/** `POST /api/admin/users/{id}/reject`: refuses a trainer's application. */
export function rejectUser({ id, reason }: RejectUserInput): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/admin/users/${id}/reject`, { method: 'POST', body: reason?.trim() ? { reason: reason.trim() } : {} });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
