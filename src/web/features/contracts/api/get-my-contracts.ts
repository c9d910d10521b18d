import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyContracts } from '../../../../shared/contracts';
import { apiFetch } from '../../../lib/api-client';
import { contractKeys } from './keys';

/** `GET /api/user/contracts`. */
export function getMyContracts(signal?: AbortSignal): Promise<MyContracts> {
  return apiFetch<MyContracts>('/api/user/contracts', { signal });
}

export function myContractsQueryOptions() {
  return queryOptions({ queryKey: contractKeys.mine, queryFn: ({ signal }) => getMyContracts(signal) });
}

export function useMyContracts() {
  return useQuery(myContractsQueryOptions());
}
