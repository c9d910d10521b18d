import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDirectoryEntry } from '../../../../shared/directory';
import { apiFetch } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** `GET /api/user/directory`: the caller's choices (not listed until they opt in). */
export function getMyDirectory(signal?: AbortSignal): Promise<MyDirectoryEntry> {
  return apiFetch<MyDirectoryEntry>('/api/user/directory', { signal });
}

export function myDirectoryQueryOptions() {
  return queryOptions({ queryKey: directoryKeys.mine, queryFn: ({ signal }) => getMyDirectory(signal) });
}

export function useMyDirectory() {
  return useQuery(myDirectoryQueryOptions());
}
