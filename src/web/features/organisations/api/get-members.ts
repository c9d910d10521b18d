import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganisationMembersResponse } from '../../../../shared/organisations';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { organisationKeys, type MembersFilters } from './keys';

/** `GET /api/organisation/members`: one page of the organisation's members and invitations. */
export function getMembers(filters: MembersFilters, signal?: AbortSignal): Promise<OrganisationMembersResponse> {
  return apiFetch<OrganisationMembersResponse>(`/api/organisation/members${toQuery({ q: filters.q, status: filters.status, page: filters.page })}`, { signal });
}

export function membersQueryOptions(filters: MembersFilters) {
  return queryOptions({ queryKey: organisationKeys.members(filters), queryFn: ({ signal }) => getMembers(filters, signal), placeholderData: keepPreviousData });
}

export function useMembers(filters: MembersFilters) {
  return useQuery(membersQueryOptions(filters));
}
