import { useMutation } from '@tanstack/react-query';
import type { AccountMessageResponse, ChangeEmailBody } from '../../../../shared/account';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/user/email/change`: the new address and the current password; a link goes to the new address. */
export function changeEmail(body: ChangeEmailBody): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>('/api/user/email/change', { method: 'POST', body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
