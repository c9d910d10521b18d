import { queryOptions, useQuery } from '@tanstack/react-query';
import { trainerStatusSchema, type TrainerStatus } from '../../../../shared/trainers';
import { apiFetch } from '../../../lib/api-client';

/** Query keys of the trainers feature; invalidating `all` refreshes every status shown. */
export const trainerKeys = {
  all: ['trainers'] as const,
  status: (id: number) => ['trainers', id, 'status'] as const,
};

/** `GET /api/formateur/{id}/status`, checked against the shared contract. */
export async function getTrainerStatus(id: number, signal?: AbortSignal): Promise<TrainerStatus> {
  return trainerStatusSchema.parse(await apiFetch<unknown>(`/api/formateur/${id}/status`, { signal }));
}

export function trainerStatusQueryOptions(id: number) {
  return queryOptions({
    queryKey: trainerKeys.status(id),
    queryFn: ({ signal }) => getTrainerStatus(id, signal),
  });
}

/** The trainer's application; `refetchInterval` lets a waiting page notice a new interview. */
export function useTrainerStatus(id: number | null, { refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    ...trainerStatusQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval,
  });
}
