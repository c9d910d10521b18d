import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { threadsQueryOptions } from './discussions';

const key = (filters: Parameters<typeof threadsQueryOptions>[1]) => hashKey(threadsQueryOptions(7, filters).queryKey);

describe('the threads query', () => {
  it('is one query for the page (`{}`) and its list (`{ page: 1 }`): they ask the API for the same threads', () => {
    expect(key({ q: undefined, kind: undefined, page: 1 })).toBe(key({}));
  });

  it('is another query for another page, search, kind or lesson', () => {
    const first = key({});
    expect(key({ page: 2 })).not.toBe(first);
    expect(key({ q: 'compost' })).not.toBe(first);
    expect(key({ kind: 'question' })).not.toBe(first);
    expect(key({ lesson: 3 })).not.toBe(first);
  });
});
