import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationResult } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `POST /api/sessions/{id}/registrations`: oneself, or an organisation's members (`userIds`). */
export function registerForSession({ sessionId, userIds }: { sessionId: number; userIds?: number[] }): Promise<RegistrationResult> {
  return apiFetch<RegistrationResult>(`/api/sessions/${sessionId}/registrations`, { method: 'POST', body: userIds ? { user_ids: userIds } : {} });
}

export function useRegisterForSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerForSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }) });
}
