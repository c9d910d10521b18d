import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesBody } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';
import { notificationPreferenceKeys } from './get-notification-preferences';

/** `PUT /api/user/notification-preferences`: e-mails on or off for the kinds given. */
export function updateNotificationPreferences(body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  return apiFetch<NotificationPreferences>('/api/user/notification-preferences', { method: 'PUT', body });
}

export function useUpdateNotificationPreferences(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferenceKeys.mine(userId), saved),
  });
}
