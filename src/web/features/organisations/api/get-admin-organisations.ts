import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrganisationsResponse } from '../../../../shared/organisations';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/admin/organisations`: organisations with their member counts and seat pools. */
export function getAdminOrganisations(filters: { q?: string; page: number }, signal?: AbortSignal): Promise<AdminOrganisationsResponse> {
  return apiFetch<AdminOrganisationsResponse>(`/api/admin/organisations${toQuery(filters)}`, { signal });
}

export function adminOrganisationsQueryOptions(filters: { q?: string; page: number }) {
  return queryOptions({ queryKey: organisationKeys.admin(filters), queryFn: ({ signal }) => getAdminOrganisations(filters, signal), placeholderData: keepPreviousData });
}

export function useAdminOrganisations(filters: { q?: string; page: number }) {
  return useQuery(adminOrganisationsQueryOptions(filters));
}
