import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '../../../../shared/activity';
import { apiFetch } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';

/** Keyed by account, so one account never sees another's activity. */
export const activityKeys = {
  mine: (userId: number) => ['activity', userId] as const,
};

/** `GET /api/user/activity` */
export function getActivity(signal?: AbortSignal): Promise<Activity> {
  return apiFetch<Activity>('/api/user/activity', { signal });
}

/** The signed-in person's activity, asked again when a live event says it changed (a message, a reply, a reading elsewhere). */
export function useActivity(userId: number) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'message' || event.type === 'unread_messages' || event.type === 'discussion_reply') {
      void queryClient.invalidateQueries({ queryKey: activityKeys.mine(userId) });
    }
  });
  return useQuery({ queryKey: activityKeys.mine(userId), queryFn: ({ signal }) => getActivity(signal) });
}
