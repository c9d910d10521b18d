import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `POST /api/notifications/read-all`. */
export function markAllRead(): Promise<{ updated: number; unread: number }> {
  return apiFetch<{ updated: number; unread: number }>('/api/notifications/read-all', { method: 'POST' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
