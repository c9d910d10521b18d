import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `GET /api/user/calendar`: the private feed's address (a path of the site). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('/api/user/calendar', { signal });
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.calendar, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** `POST /api/user/calendar/rotate`: a new address, the old one stops working. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>('/api/user/calendar/rotate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(sessionKeys.calendar, feed),
  });
}
