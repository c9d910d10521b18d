import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '../../../../shared/courses';
import { apiFetch } from '../../../lib/api-client';
import { initialDataUpdatedAt, takeInitialData } from '../../../lib/initial-data';
import { courseKeys } from './keys';

const CATEGORIES_PATH = '/api/categories';

/** `GET /api/categories`: the six themes with their number of published courses. */
export function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return apiFetch<CategoryCount[]>(CATEGORIES_PATH, { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: courseKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
    // Inlined with the public catalogue's page (decision 031).
    initialData: () => takeInitialData<CategoryCount[]>(CATEGORIES_PATH),
    initialDataUpdatedAt,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
