import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `GET /api/notifications/unread-count`. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await apiFetch<UnreadCount>('/api/notifications/unread-count', { signal });
  return typeof body?.unread === 'number' ? body.unread : 0;
}

export function unreadCountQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // No polling: the live stream pushes every change of the count (NotificationBell).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A failed count is not worth an error on every page: the bell just shows none.
    retry: false,
  });
}

export function useUnreadCount(userId: number) {
  return useQuery(unreadCountQueryOptions(userId));
}
