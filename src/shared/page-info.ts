// Without zod, which paging.ts needs for its schemas: a screen showing a pager must not load zod
// for it (decision 066).

/** What every page of a list says besides its rows. */
export interface PageInfo {
  /** Rows matching the request, on every page. */
  total: number;
  page: number;
  pageSize: number;
}

/** How many pages `total` rows make (at least one, so "page 1 of 1" reads for an empty list). */
export function pageCount({ total, pageSize }: Pick<PageInfo, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A search counts its matches up to this many (cappedCount); beyond, the screens say "plus de 1 000". */
export const SEARCH_COUNT_CAP = 1000;
