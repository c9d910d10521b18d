import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/notifications';
import { apiFetch } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks again while the page is shown (it also asks on each navigation and on focus). */
export const UNREAD_POLL_MS = 60_000;

/** `GET /api/notifications/unread-count`. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await apiFetch<UnreadCount>('/api/notifications/unread-count', { signal });
  return typeof body?.unread === 'number' ? body.unread : 0;
}

export function unreadCountQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
    refetchOnWindowFocus: true,
    // A failed count is not worth an error on every page: the bell just shows none.
    retry: false,
  });
}

export function useUnreadCount(userId: number) {
  return useQuery(unreadCountQueryOptions(userId));
}
