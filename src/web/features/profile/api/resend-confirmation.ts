import { useMutation } from '@tanstack/react-query';
import type { AccountMessageResponse } from '../../../../shared/account';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/user/email/confirmation`: "Renvoyer" of the banner, a new confirmation link. */
export function resendConfirmation(): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>('/api/user/email/confirmation', { method: 'POST' });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
