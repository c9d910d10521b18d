import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, ResetPasswordResponse } from '../../../../shared/password';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/password/reset`: the e-mailed link's token and the new password. */
export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResponse> {
  return apiFetch<ResetPasswordResponse>('/api/password/reset', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
