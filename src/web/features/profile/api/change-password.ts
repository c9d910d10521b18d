import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '../../../../shared/password';
import { apiFetch } from '../../../lib/api-client';

/** `PUT /api/user/password`: the current password and the new one; the other sessions end. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return apiFetch<ChangePasswordResponse>('/api/user/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
