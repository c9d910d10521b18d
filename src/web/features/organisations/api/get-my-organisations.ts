import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganisation } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/user/organisations`: the organisations the learner belongs to. */
export function getMyOrganisations(signal?: AbortSignal): Promise<MyOrganisation[]> {
  return apiFetch<MyOrganisation[]>('/api/user/organisations', { signal });
}

export function myOrganisationsQueryOptions() {
  return queryOptions({ queryKey: organisationKeys.mine, queryFn: ({ signal }) => getMyOrganisations(signal) });
}

export function useMyOrganisations() {
  return useQuery(myOrganisationsQueryOptions());
}
