import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainerStatus } from '../../../../shared/trainers';
import { apiFetch } from '../../../lib/api-client';

/** Query keys of the trainers feature; invalidating `all` refreshes every status shown. */
export const trainerKeys = {
  all: ['trainers'] as const,
  status: (id: number) => ['trainers', id, 'status'] as const,
};

/**
 * `GET /api/formateur/{id}/status`. Typed, not parsed: the navigation bar calls it on every page,
 * and zod would weigh on the first page's JavaScript (the server already checks its answer).
 */
export function getTrainerStatus(id: number, signal?: AbortSignal): Promise<TrainerStatus> {
  return apiFetch<TrainerStatus>(`/api/formateur/${id}/status`, { signal });
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
