import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteList } from '../../../../shared/quotes';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** `GET /api/organisation/quotes`: the organisation's quotes and conventions, newest first. */
export function getQuotes(signal?: AbortSignal): Promise<QuoteList> {
  return apiFetch<QuoteList>('/api/organisation/quotes', { signal });
}

export function quotesQueryOptions() {
  return queryOptions({ queryKey: quoteKeys.mine, queryFn: ({ signal }) => getQuotes(signal) });
}

export function useQuotes() {
  return useQuery(quotesQueryOptions());
}
