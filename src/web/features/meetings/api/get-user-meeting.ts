import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMeetingResponse } from '../../../../shared/meetings';
import { apiFetch } from '../../../lib/api-client';
import { meetingKeys } from './keys';

/** `GET /api/admin/users/{id}/meeting`: the user and their interview that is not over; reading only. */
export function getUserMeeting(userId: number, signal?: AbortSignal): Promise<UserMeetingResponse> {
  return apiFetch<UserMeetingResponse>(`/api/admin/users/${userId}/meeting`, { signal });
}

export function userMeetingQueryOptions(userId: number) {
  return queryOptions({ queryKey: meetingKeys.ofUser(userId), queryFn: ({ signal }) => getUserMeeting(userId, signal) });
}

export function useUserMeeting(userId: number | null) {
  return useQuery({ ...userMeetingQueryOptions(userId ?? 0), enabled: userId !== null });
}
