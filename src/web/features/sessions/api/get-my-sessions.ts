import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySessions } from '../../../../shared/live-sessions';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** `GET /api/user/sessions`. */
export function getMySessions(signal?: AbortSignal): Promise<MySessions> {
  return apiFetch<MySessions>('/api/user/sessions', { signal });
}

export function mySessionsQueryOptions() {
  // Refreshed each minute: the « Signer » button and the room appear on time.
  return queryOptions({ queryKey: sessionKeys.mine, queryFn: ({ signal }) => getMySessions(signal), refetchInterval: 60_000 });
}

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
