import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveSession, SessionBody } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `POST /api/courses/{id}/sessions`, or `PUT /api/sessions/{id}` when `sessionId` is given. */
export function saveSession({ courseId, sessionId, body }: { courseId: number; sessionId?: number; body: SessionBody }): Promise<LiveSession> {
  return sessionId
    ? apiFetch<LiveSession>(`/api/sessions/${sessionId}`, { method: 'PUT', body })
    : apiFetch<LiveSession>(`/api/courses/${courseId}/sessions`, { method: 'POST', body });
}

export function useSaveSession(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.course(courseId) }) });
}

/** `DELETE /api/sessions/{id}`: the registered learners receive the cancellation. */
export function deleteSession(sessionId: number): Promise<void> {
  return apiFetch<void>(`/api/sessions/${sessionId}`, { method: 'DELETE' });
}

export function useDeleteSession(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.course(courseId) }) });
}
