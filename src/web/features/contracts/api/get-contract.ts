import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractView } from '../../../../shared/contracts';
import { apiFetch } from '../../../lib/api-client';
import { contractKeys } from './keys';

/** `GET /api/courses/{id}/contract`: the contract to sign now, or the one signed. */
export function getContract(courseId: number, signal?: AbortSignal): Promise<ContractView> {
  return apiFetch<ContractView>(`/api/courses/${courseId}/contract`, { signal });
}

export function contractQueryOptions(courseId: number) {
  return queryOptions({ queryKey: contractKeys.course(courseId), queryFn: ({ signal }) => getContract(courseId, signal) });
}

export function useContract(courseId: number) {
  return useQuery(contractQueryOptions(courseId));
}
