import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrganisation } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/user/invitations/:id/accept` (with consent) or `/decline`: answers from the profile, without the e-mailed link. */
export function answerMyInvitation({ id, accept }: { id: number; accept: boolean }): Promise<MyOrganisation | null> {
  return accept
    ? apiFetch<MyOrganisation>(`/api/user/invitations/${id}/accept`, { method: 'POST', body: { consent: true } })
    : apiFetch<void>(`/api/user/invitations/${id}/decline`, { method: 'POST' }).then(() => null);
}

export function useAnswerMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerMyInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
