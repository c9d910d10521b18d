import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';

/** Keyed by account, so one account never sees another's cached choices. */
export const notificationPreferenceKeys = {
  mine: (userId: number) => ['notification-preferences', userId] as const,
};

/** `GET /api/user/notification-preferences`: the kinds the caller's role can receive, each e-mailed or not. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiFetch<NotificationPreferences>('/api/user/notification-preferences', { signal });
}

export function notificationPreferencesQueryOptions(userId: number) {
  return queryOptions({ queryKey: notificationPreferenceKeys.mine(userId), queryFn: ({ signal }) => getNotificationPreferences(signal) });
}

export function useNotificationPreferences(userId: number) {
  return useQuery(notificationPreferencesQueryOptions(userId));
}
