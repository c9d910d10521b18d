import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersFilters, AdminUsersResponse } from '../../../../shared/admin';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/dashboard`: one page of users, searched and filtered by the server, with the counters. */
export function getAdminUsers(filters: AdminUsersFilters, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return apiFetch<AdminUsersResponse>(
    `/api/admin/dashboard${toQuery({ q: filters.q, role: filters.role, status: filters.status, rejected: filters.rejected, page: filters.page, pageSize: filters.pageSize })}`,
    { signal },
  );
}

export function adminUsersQueryOptions(filters: AdminUsersFilters) {
  return queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
    // The table keeps showing the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(adminUsersQueryOptions(filters));
}
