import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingCreatedResponse } from '../../../../shared/meetings';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `POST /api/admin/users/{id}/meeting` with a date: schedules an interview. */
export function scheduleMeeting({ id, meetingDate }: { id: number; meetingDate: string }): Promise<MeetingCreatedResponse> {
  return apiFetch<MeetingCreatedResponse>(`/api/admin/users/${id}/meeting`, { method: 'POST', body: { meeting_date: meetingDate } });
}

export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleMeeting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
