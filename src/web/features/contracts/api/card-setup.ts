import { useMutation } from '@tanstack/react-query';
import type { CardSetup } from '../../../../shared/contracts';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/contracts/{id}/card-setup` (Stripe driver, decision 054): the Checkout page where the learner saves their card. */
export function startCardSetup(contractId: number): Promise<CardSetup> {
  return apiFetch<CardSetup>(`/api/contracts/${contractId}/card-setup`, { method: 'POST' });
}

/** Saves the card on Stripe's page: the browser leaves for it. */
export function useCardSetup() {
  return useMutation({
    mutationFn: startCardSetup,
    onSuccess: (setup) => window.location.assign(setup.checkout_url),
  });
}
