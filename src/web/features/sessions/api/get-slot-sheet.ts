import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotSheet } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `GET /api/slots/{id}/sheet`. */
export function getSlotSheet(slotId: number, signal?: AbortSignal): Promise<SlotSheet> {
  return apiFetch<SlotSheet>(`/api/slots/${slotId}/sheet`, { signal });
}

export function slotSheetQueryOptions(slotId: number) {
  // A live sheet: who signed shows up within 15 seconds.
  return queryOptions({ queryKey: sessionKeys.sheet(slotId), queryFn: ({ signal }) => getSlotSheet(slotId, signal), refetchInterval: 15_000 });
}

export function useSlotSheet(slotId: number) {
  return useQuery(slotSheetQueryOptions(slotId));
}

/** `PUT /api/slots/{id}/absences/{userId}`: a justified absence and its reason. */
export function justifyAbsence({ slotId, userId, reason }: { slotId: number; userId: number; reason: string }): Promise<SlotSheet> {
  return apiFetch<SlotSheet>(`/api/slots/${slotId}/absences/${userId}`, { method: 'PUT', body: { reason } });
}

export function useJustifyAbsence() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: justifyAbsence, onSuccess: (sheet) => queryClient.setQueryData(sessionKeys.sheet(sheet.slot.id), sheet) });
}
