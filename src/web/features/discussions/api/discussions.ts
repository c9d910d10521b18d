import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscussionKind, Reply, ThreadBody, ThreadDetail, ThreadPage } from '../../../../shared/discussions';
import type { CourseOutline } from '../../../../shared/learning';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';

/** Query keys of the discussions feature. */
export const discussionKeys = {
  all: ['discussions'] as const,
  lists: (courseId: number) => ['discussions', 'list', courseId] as const,
  list: (courseId: number, filters: ThreadFilters) => ['discussions', 'list', courseId, filters] as const,
  thread: (threadId: number) => ['discussions', 'thread', threadId] as const,
};

export interface ThreadFilters {
  lesson?: number;
  kind?: DiscussionKind;
  q?: string;
  page?: number;
}

/** `GET /api/courses/{id}/threads?lesson=&kind=&q=&page=` */
export function getThreads(courseId: number, filters: ThreadFilters, signal?: AbortSignal): Promise<ThreadPage> {
  return apiFetch<ThreadPage>(`/api/courses/${courseId}/threads${toQuery({ ...sentFilters(filters) })}`, { signal });
}

/**
 * The filters as the address carries them: page 1 is no page. The course's page and its list ask for the
 * same threads with `{}` and `{ page: 1 }`, which must be one query, not two requests one after the other.
 */
function sentFilters({ lesson, kind, q, page }: ThreadFilters): ThreadFilters {
  return { lesson, kind, q, page: page && page > 1 ? page : undefined };
}

export function threadsQueryOptions(courseId: number, filters: ThreadFilters) {
  return queryOptions({
    queryKey: discussionKeys.list(courseId, sentFilters(filters)),
    queryFn: ({ signal }) => getThreads(courseId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useThreads(courseId: number, filters: ThreadFilters, enabled = true) {
  return useQuery({ ...threadsQueryOptions(courseId, filters), enabled });
}

/** `GET /api/threads/{id}?all=true`: the thread with every reply. */
export function getThread(threadId: number, signal?: AbortSignal): Promise<ThreadDetail> {
  return apiFetch<ThreadDetail>(`/api/threads/${threadId}?all=true`, { signal });
}

export function useThread(threadId: number) {
  return useQuery({ queryKey: discussionKeys.thread(threadId), queryFn: ({ signal }) => getThread(threadId, signal) });
}

/** A reply posted by someone else (a live `discussion_reply` event): the open thread and its course's lists read again. */
export function useLiveThread(courseId: number, threadId: number) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type !== 'discussion_reply' || event.course_id !== courseId) return;
    void queryClient.invalidateQueries({ queryKey: discussionKeys.lists(courseId) });
    if (event.thread_id === threadId) void queryClient.invalidateQueries({ queryKey: discussionKeys.thread(threadId) });
  });
}

/** After any change, the thread and its course's lists read again. */
function useRefresh(courseId: number) {
  const queryClient = useQueryClient();
  return (threadId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: discussionKeys.lists(courseId) }),
      threadId !== undefined ? queryClient.invalidateQueries({ queryKey: discussionKeys.thread(threadId) }) : null,
    ]);
}

/** `POST /api/courses/{id}/threads` */
export function useCreateThread(courseId: number) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (body: ThreadBody) => apiFetch<{ id: number }>(`/api/courses/${courseId}/threads`, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

/** `POST /api/threads/{id}/replies` */
export function useReply(courseId: number, threadId: number) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (body: string) => apiFetch<Reply>(`/api/threads/${threadId}/replies`, { method: 'POST', body: { body } }),
    onSuccess: () => refresh(threadId),
  });
}

/** `POST /api/replies/{id}/accept` */
export function useAcceptReply(courseId: number, threadId: number) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (replyId: number) => apiFetch<{ thread_id: number; accepted_reply_id: number }>(`/api/replies/${replyId}/accept`, { method: 'POST' }),
    onSuccess: () => refresh(threadId),
  });
}

/** `POST /api/threads/{id}/follow` */
export function useFollow(courseId: number, threadId: number) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (following: boolean) => apiFetch<{ following: boolean }>(`/api/threads/${threadId}/follow`, { method: 'POST', body: { following } }),
    onSuccess: () => refresh(threadId),
  });
}

/** `POST /api/threads/{id}/lock` */
export function useLock(courseId: number, threadId: number) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (locked: boolean) => apiFetch<{ locked: boolean }>(`/api/threads/${threadId}/lock`, { method: 'POST', body: { locked } }),
    onSuccess: () => refresh(threadId),
  });
}

/** The course's lessons in order, from its public outline, to tie a thread to one. */
export function useCourseLessons(courseId: number) {
  return useQuery({
    queryKey: ['discussions', 'lessons', courseId] as const,
    queryFn: async ({ signal }) => {
      const outline = await apiFetch<CourseOutline>(`/api/courses/${courseId}/outline`, { signal });
      return outline.sections.flatMap((section) => section.lessons.map((lesson) => ({ id: lesson.id, title: lesson.title })));
    },
  });
}
