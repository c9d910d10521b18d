import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContestBody, ModerationDecision, ReportCreated } from '../../../../shared/moderation';
import { apiFetch } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** `GET /api/moderation/decisions/{id}`: a decision on the caller's content. */
export function getDecision(id: number, signal?: AbortSignal): Promise<ModerationDecision> {
  return apiFetch<ModerationDecision>(`/api/moderation/decisions/${id}`, { signal });
}

export function useDecision(id: number) {
  return useQuery({ queryKey: moderationKeys.decision(id), queryFn: ({ signal }) => getDecision(id, signal) });
}

/** `POST /api/moderation/decisions/{id}/contest`: once, by the author. */
export function contestDecision({ id, ...body }: ContestBody & { id: number }): Promise<ReportCreated> {
  return apiFetch<ReportCreated>(`/api/moderation/decisions/${id}/contest`, { method: 'POST', body });
}

export function useContestDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: contestDecision, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.decision(id) }) });
}
