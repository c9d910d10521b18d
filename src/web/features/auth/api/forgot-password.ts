import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ForgotPasswordResponse } from '../../../../shared/password';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/password/forgot`: always 202 with the same message, whether the account exists or not. */
export function forgotPassword(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  return apiFetch<ForgotPasswordResponse>('/api/password/forgot', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
