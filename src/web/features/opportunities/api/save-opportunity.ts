import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Opportunity, OpportunityBody } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `POST /api/opportunities` (no id) or `PUT /api/opportunities/{id}`. */
export function saveOpportunity({ id, body }: { id?: number; body: OpportunityBody }): Promise<Opportunity> {
  return id === undefined
    ? apiFetch<Opportunity>('/api/opportunities', { method: 'POST', body })
    : apiFetch<Opportunity>(`/api/opportunities/${id}`, { method: 'PUT', body });
}

export function useSaveOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOpportunity,
    onSuccess: (saved) => {
      queryClient.setQueryData(opportunityKeys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: opportunityKeys.lists });
    },
  });
}
