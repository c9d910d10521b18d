import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationSummary } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/invitations/lookup`: the organisation and address an invitation link names (POST: the token stays out of URLs and logs). */
export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationSummary> {
  return apiFetch<InvitationSummary>('/api/invitations/lookup', { method: 'POST', body: { token }, signal });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({ queryKey: organisationKeys.invitation(token), queryFn: ({ signal }) => lookupInvitation(token, signal), retry: false, staleTime: Infinity });
}

/** The invitation of a link, or nothing without a token. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
