import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAttestations } from '../../../../shared/directory';
import { apiFetch } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** `GET /api/user/attestations`: the caller's valid attestations. */
export function getMyAttestations(signal?: AbortSignal): Promise<MyAttestations> {
  return apiFetch<MyAttestations>('/api/user/attestations', { signal });
}

export function myAttestationsQueryOptions() {
  return queryOptions({ queryKey: directoryKeys.attestations, queryFn: ({ signal }) => getMyAttestations(signal) });
}

export function useMyAttestations() {
  return useQuery(myAttestationsQueryOptions());
}
