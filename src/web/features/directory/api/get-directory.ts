import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryPage } from '../../../../shared/directory';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** What the page asks: the search, the filters (empty: none) and the page. */
export interface DirectorySearch {
  q?: string | undefined;
  domain?: string | undefined;
  region?: string | undefined;
  page: number;
}

/** `GET /api/directory`: the people who opted in, with what each chose to show. */
export function getDirectory(query: DirectorySearch, signal?: AbortSignal): Promise<DirectoryPage> {
  return apiFetch<DirectoryPage>(`/api/directory${toQuery({ q: query.q, domain: query.domain, region: query.region, page: query.page })}`, { signal });
}

export function directoryQueryOptions(query: DirectorySearch) {
  return queryOptions({ queryKey: directoryKeys.search(query), queryFn: ({ signal }) => getDirectory(query, signal), placeholderData: keepPreviousData });
}

export function useDirectory(query: DirectorySearch) {
  return useQuery(directoryQueryOptions(query));
}
