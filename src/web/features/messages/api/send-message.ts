import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageItem } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `POST /api/conversations/{id}/messages`. */
export function sendMessage(conversationId: number, body: string): Promise<MessageItem> {
  return apiFetch<MessageItem>(`/api/conversations/${conversationId}/messages`, { method: 'POST', body: { body } });
}

export function useSendMessage(userId: number, conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.thread(userId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) }),
      ]),
  });
}
