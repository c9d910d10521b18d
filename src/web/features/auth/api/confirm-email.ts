import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody, ConfirmEmailResponse } from '../../../../shared/account';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/email/confirm`: the e-mailed link's token (signup confirmation or e-mail change). */
export function confirmEmail(body: ConfirmEmailBody): Promise<ConfirmEmailResponse> {
  return apiFetch<ConfirmEmailResponse>('/api/email/confirm', { method: 'POST', body });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
