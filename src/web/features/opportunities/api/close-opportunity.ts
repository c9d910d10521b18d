import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `POST /api/opportunities/{id}/close`: it takes no more answers. */
export function closeOpportunity(id: number): Promise<Opportunity> {
  return apiFetch<Opportunity>(`/api/opportunities/${id}/close`, { method: 'POST' });
}

export function useCloseOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOpportunity,
    onSuccess: (saved) => {
      queryClient.setQueryData(opportunityKeys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: opportunityKeys.lists });
    },
  });
}
