import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractAccepted, ContractAcceptBody } from '../../../../shared/contracts';
import { apiFetch } from '../../../lib/api-client';
import { contractKeys } from './keys';

/** `POST /api/courses/{id}/contract/accept`: signs the contract and enrols. */
export function acceptContract({ courseId, body }: { courseId: number; body: ContractAcceptBody }): Promise<ContractAccepted> {
  return apiFetch<ContractAccepted>(`/api/courses/${courseId}/contract/accept`, { method: 'POST', body });
}

export function useAcceptContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptContract,
    // The course page shows the enrolment, the learner's space the contract.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: contractKeys.all }), queryClient.invalidateQueries({ queryKey: ['courses'] })]),
  });
}
