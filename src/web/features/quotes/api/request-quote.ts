import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequestBody } from '../../../../shared/quotes';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** `POST /api/organisation/quotes`: a quote for seats on a course. */
export function requestQuote(body: QuoteRequestBody): Promise<Quote> {
  return apiFetch<Quote>('/api/organisation/quotes', { method: 'POST', body });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestQuote, onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }) });
}
