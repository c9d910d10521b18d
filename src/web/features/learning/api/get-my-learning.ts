import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyLearning } from '../../../../shared/learning';
import { apiFetch } from '../../../lib/api-client';
import { learningKeys } from './keys';

/** `GET /api/user/learning`: the caller's courses with their progress and the lesson to resume at. */
export function getMyLearning(signal?: AbortSignal): Promise<MyLearning> {
  return apiFetch<MyLearning>('/api/user/learning', { signal });
}

export function myLearningQueryOptions() {
  // Opening a lesson moves where "Reprendre" leads: the list is read afresh each time it shows.
  return queryOptions({ queryKey: learningKeys.mine, queryFn: ({ signal }) => getMyLearning(signal), staleTime: 0 });
}

export function useMyLearning() {
  return useQuery(myLearningQueryOptions());
}
