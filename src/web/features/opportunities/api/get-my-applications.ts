import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyApplications } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `GET /api/user/applications`. */
export function getMyApplications(signal?: AbortSignal): Promise<MyApplications> {
  return apiFetch<MyApplications>('/api/user/applications', { signal });
}

export function myApplicationsQueryOptions() {
  return queryOptions({ queryKey: opportunityKeys.mine, queryFn: ({ signal }) => getMyApplications(signal) });
}

export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
