import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationList } from '../../../../shared/messages';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `GET /api/conversations`: the latest conversations first, with the unread count over all of them. */
export function getConversations(pageSize: number, signal?: AbortSignal): Promise<ConversationList> {
  return apiFetch<ConversationList>(`/api/conversations${toQuery({ pageSize })}`, { signal });
}

/** How many conversations the page lists (the most recent). */
export const CONVERSATIONS_SHOWN = 100;

export function conversationsQueryOptions(userId: number) {
  return queryOptions({ queryKey: messageKeys.conversations(userId), queryFn: ({ signal }) => getConversations(CONVERSATIONS_SHOWN, signal) });
}

export function useConversations(userId: number) {
  return useQuery(conversationsQueryOptions(userId));
}

/** The navigation's count: unread messages over every conversation (kept by the live stream after the first answer). */
export function useUnreadMessages(userId: number) {
  return useQuery({
    queryKey: messageKeys.unread(userId),
    queryFn: async ({ signal }) => (await getConversations(1, signal)).unread,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A failed count is not worth an error on every page: the entry just shows none.
    retry: false,
  });
}
