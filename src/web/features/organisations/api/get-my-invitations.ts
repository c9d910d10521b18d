import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInvitation } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/user/invitations`: the pending invitations to the learner's confirmed address. */
export function getMyInvitations(signal?: AbortSignal): Promise<MyInvitation[]> {
  return apiFetch<MyInvitation[]>('/api/user/invitations', { signal });
}

export function myInvitationsQueryOptions() {
  return queryOptions({ queryKey: organisationKeys.myInvitations, queryFn: ({ signal }) => getMyInvitations(signal) });
}

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
