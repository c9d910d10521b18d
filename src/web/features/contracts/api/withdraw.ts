import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawn } from '../../../../shared/contracts';
import { apiFetch } from '../../../lib/api-client';
import { contractKeys } from './keys';

/** `POST /api/enrolments/{id}/withdraw`: withdraws within the period. */
export function withdrawFromContract(enrolmentId: number): Promise<Withdrawn> {
  return apiFetch<Withdrawn>(`/api/enrolments/${enrolmentId}/withdraw`, { method: 'POST' });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawFromContract,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: contractKeys.all }), queryClient.invalidateQueries({ queryKey: ['courses'] })]),
  });
}
