import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES_PAGE_SIZE_MAX, type MessagePage } from '../../../../shared/messages';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** `GET /api/conversations/{id}/messages`: the latest messages (page 1), oldest first. */
export function getMessages(conversationId: number, pageSize: number, signal?: AbortSignal): Promise<MessagePage> {
  return apiFetch<MessagePage>(`/api/conversations/${conversationId}/messages${toQuery({ page: 1, pageSize })}`, { signal });
}

/** Messages shown at first; « Messages précédents » shows more, up to the page's maximum. */
export const THREAD_FIRST_SIZE = 30;

export function messagesQueryOptions(userId: number, conversationId: number, pageSize: number) {
  return queryOptions({
    queryKey: [...messageKeys.thread(userId, conversationId), Math.min(pageSize, MESSAGES_PAGE_SIZE_MAX)],
    queryFn: ({ signal }) => getMessages(conversationId, Math.min(pageSize, MESSAGES_PAGE_SIZE_MAX), signal),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(userId: number, conversationId: number, pageSize: number) {
  return useQuery(messagesQueryOptions(userId, conversationId, pageSize));
}
