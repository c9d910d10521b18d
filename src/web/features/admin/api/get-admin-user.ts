import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/users/{id}`: the user and the history of what administrators did to them. */
export function getAdminUser(id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiFetch<AdminUserDetail>(`/api/admin/users/${id}`, { signal });
}

export function adminUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? 0), enabled: id !== null });
}
