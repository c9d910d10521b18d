import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { courseKeys } from './keys';

/** `GET /api/categories`: the six themes with their number of published courses. */
export function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return apiFetch<CategoryCount[]>('/api/categories', { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: courseKeys.categories, queryFn: ({ signal }) => getCategories(signal), staleTime: 5 * 60_000 });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
