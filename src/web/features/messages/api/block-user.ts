import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockResult } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `POST /api/users/{id}/block` to block, `DELETE` to unblock. */
export function setBlocked(userId: number, blocked: boolean): Promise<BlockResult> {
  return apiFetch<BlockResult>(`/api/users/${userId}/block`, { method: blocked ? 'POST' : 'DELETE' });
}

export function useSetBlocked(selfId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) => setBlocked(userId, blocked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.mine(selfId) }),
  });
}
