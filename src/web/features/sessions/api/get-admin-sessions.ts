import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSessions } from '../../../../shared/live-sessions';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `GET /api/admin/sessions`. */
export function getAdminSessions(page: number, signal?: AbortSignal): Promise<AdminSessions> {
  return apiFetch<AdminSessions>(`/api/admin/sessions${toQuery({ page })}`, { signal });
}

export function adminSessionsQueryOptions(page: number) {
  return queryOptions({ queryKey: sessionKeys.admin(page), queryFn: ({ signal }) => getAdminSessions(page, signal), placeholderData: keepPreviousData });
}

export function useAdminSessions(page: number) {
  return useQuery(adminSessionsQueryOptions(page));
}
