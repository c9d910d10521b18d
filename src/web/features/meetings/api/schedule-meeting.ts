import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingCreatedResponse } from '../../../../shared/meetings';
import { apiFetch } from '../../../lib/api-client';
import { meetingKeys } from './keys';

/**
 * `POST /api/admin/users/{id}/meeting` with the date the administrator chose and confirmed:
 * schedules the user's interview, or moves it when one is not over yet.
 */
export function scheduleMeeting({ id, meetingDate }: { id: number; meetingDate: string }): Promise<MeetingCreatedResponse> {
  return apiFetch<MeetingCreatedResponse>(`/api/admin/users/${id}/meeting`, { method: 'POST', body: { meeting_date: meetingDate } });
}

export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleMeeting,
    onSuccess: async () => {
      // The administration screens' meeting column and counter change too (their key starts with 'admin').
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), queryClient.invalidateQueries({ queryKey: meetingKeys.all })]);
    },
  });
}
