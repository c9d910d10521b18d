import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityResponses } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `GET /api/opportunities/{id}/applications`: the answers, for the owner and administrators. */
export function getResponses(id: number, signal?: AbortSignal): Promise<OpportunityResponses> {
  return apiFetch<OpportunityResponses>(`/api/opportunities/${id}/applications`, { signal });
}

export function responsesQueryOptions(id: number) {
  return queryOptions({ queryKey: opportunityKeys.responses(id), queryFn: ({ signal }) => getResponses(id, signal), retry: false });
}

export function useResponses(id: number) {
  return useQuery(responsesQueryOptions(id));
}
