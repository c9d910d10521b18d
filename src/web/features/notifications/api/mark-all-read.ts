import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAllReadResponse } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `POST /api/notifications/read-all`. */
export function markAllRead(): Promise<MarkAllReadResponse> {
  return apiFetch<MarkAllReadResponse>('/api/notifications/read-all', { method: 'POST' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
