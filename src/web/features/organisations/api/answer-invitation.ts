import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrganisation } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/invitations/accept`: joins, consenting to share one's progress with the organisation. */
export function acceptInvitation(token: string): Promise<MyOrganisation> {
  return apiFetch<MyOrganisation>('/api/invitations/accept', { method: 'POST', body: { token, consent: true } });
}

/** `POST /api/invitations/decline`. */
export function declineInvitation(token: string): Promise<void> {
  return apiFetch<void>('/api/invitations/decline', { method: 'POST', body: { token } });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, accept }: { token: string; accept: boolean }): Promise<MyOrganisation | null> => (accept ? acceptInvitation(token) : (await declineInvitation(token), null)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.mine }),
  });
}
