import { useQuery } from '@tanstack/react-query';
import type { PositioningResults } from '../../../../shared/public-info';
import { apiFetch } from '../../../lib/api-client';
import { authoringKeys } from './keys';

/** `GET /api/courses/{id}/positioning-results`: each enrolled learner's first score at the course's tests de positionnement. */
export function getPositioningResults(courseId: number, signal?: AbortSignal): Promise<PositioningResults> {
  return apiFetch<PositioningResults>(`/api/courses/${courseId}/positioning-results`, { signal });
}

export function usePositioningResults(courseId: number) {
  return useQuery({ queryKey: authoringKeys.positioning(courseId), queryFn: ({ signal }) => getPositioningResults(courseId, signal) });
}
