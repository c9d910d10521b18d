import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingCreatedResponse } from '../../../../shared/meetings';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/admin/users/{id}/meeting` without a date: opens a meeting with this user now. */
export function createMeeting(userId: number): Promise<MeetingCreatedResponse> {
  return apiFetch<MeetingCreatedResponse>(`/api/admin/users/${userId}/meeting`, { method: 'POST' });
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMeeting,
    // The dashboard's meeting column and counter change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
