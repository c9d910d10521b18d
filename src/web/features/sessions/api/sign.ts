import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignatureBody, SignatureCreated, SlotSheet } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `POST /api/slots/{id}/signatures`: the learner signs a slot. */
export function signSlot({ slotId, body }: { slotId: number; body: SignatureBody }): Promise<SignatureCreated> {
  return apiFetch<SignatureCreated>(`/api/slots/${slotId}/signatures`, { method: 'POST', body });
}

export function useSignSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signSlot, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }) });
}

/** `POST /api/slots/{id}/countersignature`: the trainer countersigns the slot. */
export function countersignSlot({ slotId, body }: { slotId: number; body: SignatureBody }): Promise<SlotSheet> {
  return apiFetch<SlotSheet>(`/api/slots/${slotId}/countersignature`, { method: 'POST', body });
}

export function useCountersignSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: countersignSlot, onSuccess: (sheet) => queryClient.setQueryData(sessionKeys.sheet(sheet.slot.id), sheet) });
}
