import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '../../../../shared/notifications';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `GET /api/notifications?page=&pageSize=`: the caller's own, newest first. */
export function getNotifications({ page, pageSize }: { page: number; pageSize: number }, signal?: AbortSignal): Promise<NotificationPage> {
  return apiFetch<NotificationPage>(`/api/notifications${toQuery({ page, pageSize })}`, { signal });
}

export function notificationsQueryOptions(userId: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: notificationKeys.page(userId, page, pageSize),
    queryFn: ({ signal }) => getNotifications({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(userId: number, page: number, pageSize: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(userId, page, pageSize), enabled });
}
