import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminQuotesResponse } from '../../../../shared/quotes';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { quoteKeys } from './keys';

export interface AdminQuotesFilters {
  q?: string;
  status?: string;
  page: number;
}

/** `GET /api/admin/quotes`: every quote, searched and filtered. */
export function getAdminQuotes(filters: AdminQuotesFilters, signal?: AbortSignal): Promise<AdminQuotesResponse> {
  return apiFetch<AdminQuotesResponse>(`/api/admin/quotes${toQuery({ ...filters })}`, { signal });
}

export function adminQuotesQueryOptions(filters: AdminQuotesFilters) {
  return queryOptions({ queryKey: quoteKeys.admin(filters), queryFn: ({ signal }) => getAdminQuotes(filters, signal), placeholderData: keepPreviousData });
}

export function useAdminQuotes(filters: AdminQuotesFilters) {
  return useQuery(adminQuotesQueryOptions(filters));
}
