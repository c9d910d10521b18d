import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/profile';
import { apiFetch } from '../../../lib/api-client';

/** Keyed by account, so one account never sees another's cached profile. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: (userId: number) => ['profile', userId] as const,
};

/** `GET /api/user/profile`. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/user/profile', { signal });
}

export function profileQueryOptions(userId: number) {
  return queryOptions({ queryKey: profileKeys.mine(userId), queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile(userId: number) {
  return useQuery(profileQueryOptions(userId));
}
