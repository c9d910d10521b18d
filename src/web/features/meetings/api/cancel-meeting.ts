import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { meetingKeys } from './keys';

/**
 * `DELETE /api/admin/users/{id}/meeting`: removes the user's interview that is not over; they get
 * a notification and a cancellation for their calendar.
 */
export function cancelMeeting(id: number): Promise<void> {
  return apiFetch<void>(`/api/admin/users/${id}/meeting`, { method: 'DELETE' });
}

export function useCancelMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMeeting,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), queryClient.invalidateQueries({ queryKey: meetingKeys.all })]);
    },
  });
}
