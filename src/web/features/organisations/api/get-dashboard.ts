import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardFilters, DashboardResponse } from '../../../../shared/organisations';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/organisation/dashboard`: one page of the progress table and the counters. */
export function getDashboard(filters: DashboardFilters, signal?: AbortSignal): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>(`/api/organisation/dashboard${toQuery(filters)}`, { signal });
}

export function dashboardQueryOptions(filters: DashboardFilters) {
  return queryOptions({ queryKey: organisationKeys.dashboard(filters), queryFn: ({ signal }) => getDashboard(filters, signal), placeholderData: keepPreviousData });
}

export function useDashboard(filters: DashboardFilters) {
  return useQuery(dashboardQueryOptions(filters));
}
