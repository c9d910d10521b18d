import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationBody, ProposalBody } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

interface Created {
  id: number;
  kind: 'application' | 'proposal';
  created_at: string;
}

/** `POST /api/opportunities/{id}/applications` or, for a training request, `…/proposals`. */
export function respond({ id, kind, body }: { id: number; kind: 'application'; body: ApplicationBody } | { id: number; kind: 'proposal'; body: ProposalBody }): Promise<Created> {
  return apiFetch<Created>(`/api/opportunities/${id}/${kind === 'application' ? 'applications' : 'proposals'}`, { method: 'POST', body });
}

export function useRespond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respond,
    onSuccess: (_created, { id }) => Promise.all([queryClient.invalidateQueries({ queryKey: opportunityKeys.one(id) }), queryClient.invalidateQueries({ queryKey: opportunityKeys.mine })]),
  });
}
