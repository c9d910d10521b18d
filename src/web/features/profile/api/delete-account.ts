import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../../../shared/account';
import { apiFetch } from '../../../lib/api-client';

/** `DELETE /api/user/account`: the current password and the typed word; answers 204. */
export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return apiFetch<void>('/api/user/account', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
