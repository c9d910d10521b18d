import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainerPublic } from '../../../../shared/directory';
import { apiFetch } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** `GET /api/trainers/{id}/public`: an approved trainer's public page. */
export function getTrainerPublic(id: number, signal?: AbortSignal): Promise<TrainerPublic> {
  return apiFetch<TrainerPublic>(`/api/trainers/${id}/public`, { signal });
}

export function trainerPublicQueryOptions(id: number) {
  return queryOptions({ queryKey: directoryKeys.trainer(id), queryFn: ({ signal }) => getTrainerPublic(id, signal), retry: false });
}

export function useTrainerPublic(id: number) {
  return useQuery(trainerPublicQueryOptions(id));
}
