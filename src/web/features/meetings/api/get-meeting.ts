import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingDetail } from '../../../../shared/meetings';
import { apiFetch } from '../../../lib/api-client';
import { meetingKeys } from './keys';

/** `GET /api/admin/meetings/{id}`: the room to embed and who the meeting is with. */
export function getMeeting(id: number, signal?: AbortSignal): Promise<MeetingDetail> {
  return apiFetch<MeetingDetail>(`/api/admin/meetings/${id}`, { signal });
}

export function meetingQueryOptions(id: number) {
  return queryOptions({ queryKey: meetingKeys.detail(id), queryFn: ({ signal }) => getMeeting(id, signal) });
}

export function useMeeting(id: number | null) {
  return useQuery({ ...meetingQueryOptions(id ?? 0), enabled: id !== null });
}
