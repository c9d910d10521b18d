import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { pageCount, pageParam, pageSizeParam, pagingParams } from './paging';

const query = z.object(pagingParams());

describe('pagingParams', () => {
  it('reads the page and its size from the query string, with the defaults when absent or empty', () => {
    expect(query.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(query.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(query.parse({ page: '', pageSize: '' })).toEqual({ page: 1, pageSize: 20 });
  });

  it('refuses a page under 1, not whole or past the last accepted, with a French message', () => {
    for (const page of ['0', '-1', '1.5', 'abc']) expect(query.safeParse({ page }).error?.issues[0]?.message).toBe('La page doit être un nombre entier positif.');
    expect(query.safeParse({ page: '100001' }).error?.issues[0]?.message).toBe('La page demandée est trop grande.');
    expect(query.parse({ page: '100000' }).page).toBe(100_000);
  });

  it('keeps the size between 1 and the maximum', () => {
    expect(query.parse({ pageSize: String(MAX_PAGE_SIZE) }).pageSize).toBe(MAX_PAGE_SIZE);
    for (const pageSize of ['0', String(MAX_PAGE_SIZE + 1)]) {
      expect(query.safeParse({ pageSize }).error?.issues[0]?.message).toBe(`La taille de page doit être comprise entre 1 et ${MAX_PAGE_SIZE}.`);
    }
  });
});

describe('a list’s own limits', () => {
  it('a lower last page', () => {
    expect(pageParam(10_000).safeParse('10001').success).toBe(false);
    expect(pageParam(10_000).parse('10000')).toBe(10_000);
  });

  it('another size range and default', () => {
    const size = pageSizeParam({ max: 12, fallback: 6 });
    expect(size.parse(undefined)).toBe(6);
    expect(size.safeParse('13').error?.issues[0]?.message).toBe('La taille de page doit être comprise entre 1 et 12.');
  });
});

describe('pageCount', () => {
  it('counts the pages, one at least', () => {
    expect(pageCount({ total: 0, pageSize: 20 })).toBe(1);
    expect(pageCount({ total: 20, pageSize: 20 })).toBe(1);
    expect(pageCount({ total: 21, pageSize: 20 })).toBe(2);
  });
});
