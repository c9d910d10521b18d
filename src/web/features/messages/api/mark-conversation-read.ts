import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadResult } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `POST /api/conversations/{id}/read`. */
export function markConversationRead(conversationId: number): Promise<ReadResult> {
  return apiFetch<ReadResult>(`/api/conversations/${conversationId}/read`, { method: 'POST' });
}

export function useMarkConversationRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (result) => {
      queryClient.setQueryData(messageKeys.unread(userId), result.unread);
      return queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
    },
  });
}
