import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySatisfactionAnswers } from '../../../../shared/satisfaction';
import { apiFetch } from '../../../lib/api-client';
import { satisfactionKeys } from './keys';

/** `GET /api/user/satisfaction`: the caller's answers, one per completed course they rated. */
export function getMyAnswers(signal?: AbortSignal): Promise<MySatisfactionAnswers> {
  return apiFetch<MySatisfactionAnswers>('/api/user/satisfaction', { signal });
}

export function myAnswersQueryOptions() {
  return queryOptions({ queryKey: satisfactionKeys.mine, queryFn: ({ signal }) => getMyAnswers(signal) });
}

/** One query for the whole page: "Mes formations" shows one action per completed course from it. */
export function useMyAnswers() {
  return useQuery(myAnswersQueryOptions());
}
