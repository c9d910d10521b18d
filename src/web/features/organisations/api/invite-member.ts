import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteBody, InviteResponse } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/organisation/invitations`: invites one address (a pending one gets a new link). */
export function inviteMember(body: InviteBody): Promise<InviteResponse> {
  return apiFetch<InviteResponse>('/api/organisation/invitations', { method: 'POST', body });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
