import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationId, OpenConversationBody } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `POST /api/conversations`: the conversation with this person (the existing one, or a new one). */
export function openConversation(body: OpenConversationBody): Promise<ConversationId> {
  return apiFetch<ConversationId>('/api/conversations', { method: 'POST', body });
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
