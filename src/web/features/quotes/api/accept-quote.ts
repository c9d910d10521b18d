import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteAcceptance } from '../../../../shared/quotes';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** `POST /api/quotes/{id}/accept`: the convention, the invoice and the seats. */
export function acceptQuote(id: number): Promise<QuoteAcceptance> {
  return apiFetch<QuoteAcceptance>(`/api/quotes/${id}/accept`, { method: 'POST' });
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  // The seats change too: the organisations feature's lists read them again.
  return useMutation({ mutationFn: acceptQuote, onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: quoteKeys.all }), queryClient.invalidateQueries({ queryKey: ['organisations'] })]) });
}
