import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/**
 * The one paging contract of the API's lists. A request names its page (`?page=`, from 1) and,
 * where the list lets the screen choose, its size (`?pageSize=`); an empty value is no value. An
 * answer carries the page's rows under the list's own name (`items`, `users`, `answers`…) with the
 * fields of `PageInfo`. Each list keeps its limits, passed to the schemas below.
 */

/** A query-string value left empty (`?page=`) means "not given". */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The highest page number a list accepts unless it says otherwise. */
export const MAX_PAGE = 100_000;

const pageMessage = 'La page doit être un nombre entier positif.';
const pageSizeMessage = (max: number) => `La taille de page doit être comprise entre 1 et ${max}.`;

/** `?page=`: a whole number from 1 to `max`, 1 when absent. */
export function pageParam(max = MAX_PAGE) {
  return z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: pageMessage })
      .int({ error: pageMessage })
      .min(1, { error: pageMessage })
      .max(max, { error: 'La page demandée est trop grande.' })
      .default(1),
  );
}

/** `?pageSize=`: a whole number from 1 to `max`, `fallback` when absent. */
export function pageSizeParam({ max = MAX_PAGE_SIZE, fallback = DEFAULT_PAGE_SIZE }: { max?: number; fallback?: number } = {}) {
  const message = pageSizeMessage(max);
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }).default(fallback),
  );
}

/** `?page=&pageSize=`, to spread into a list's query schema. */
export function pagingParams() {
  return { page: pageParam(), pageSize: pageSizeParam() };
}

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

/** The fields of `PageInfo` as a zod shape, to spread into a page's answer schema. */
export const pageInfoShape = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
