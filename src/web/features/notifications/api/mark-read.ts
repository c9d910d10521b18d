import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `POST /api/notifications/{id}/read`. */
export function markRead(id: number): Promise<NotificationItem> {
  return apiFetch<NotificationItem>(`/api/notifications/${id}/read`, { method: 'POST' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
