import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Opportunity } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `GET /api/opportunities/{id}`. */
export function getOpportunity(id: number, signal?: AbortSignal): Promise<Opportunity> {
  return apiFetch<Opportunity>(`/api/opportunities/${id}`, { signal });
}

export function opportunityQueryOptions(id: number) {
  return queryOptions({ queryKey: opportunityKeys.one(id), queryFn: ({ signal }) => getOpportunity(id, signal), retry: false });
}

export function useOpportunity(id: number) {
  return useQuery(opportunityQueryOptions(id));
}
