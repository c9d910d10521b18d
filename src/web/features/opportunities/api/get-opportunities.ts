import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpportunityPage } from '../../../../shared/opportunities';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { opportunityKeys, type OpportunitySearch } from './keys';

/** `GET /api/opportunities`: the open ones (or the caller's own), filtered, by page. */
export function getOpportunities(search: OpportunitySearch, signal?: AbortSignal): Promise<OpportunityPage> {
  return apiFetch<OpportunityPage>(`/api/opportunities${toQuery({ type: search.type, region: search.region, domain: search.domain, scope: search.scope, page: search.page })}`, { signal });
}

export function opportunitiesQueryOptions(search: OpportunitySearch) {
  return queryOptions({ queryKey: opportunityKeys.list(search), queryFn: ({ signal }) => getOpportunities(search, signal), placeholderData: keepPreviousData });
}

export function useOpportunities(search: OpportunitySearch) {
  return useQuery(opportunitiesQueryOptions(search));
}
