import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryCount, CourseDetail, CoursePage } from '../../../../shared/courses';
import { INITIAL_DATA_ELEMENT_ID } from '../../../../shared/constants';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { courseDetail, courseItem, signIn } from '../test/fixtures';
import { useCategories } from './get-categories';
import { useCourse } from './get-course';
import { useCourses } from './get-courses';

/** The public pages' first answers, inlined by the server in index.html (decision 031), used instead of a call. */

function inline(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

function wrapper({ children }: { children: ReactNode }) {
  // One client per hook, as on a page just opened; the app's usual staleTime.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const inlinedPage: CoursePage = { items: [courseItem({ id: 4, title: 'Inlined' })], total: 1, page: 1, pageSize: 12 };
const fetchedPage: CoursePage = { items: [courseItem({ id: 9, title: 'Fetched' })], total: 1, page: 1, pageSize: 12 };
const categories: CategoryCount[] = [{ slug: 'rse', name: 'RSE', count: 1 }];

beforeEach(() => useSession.getState().clear());
afterEach(() => {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('inlined answers', () => {
  it('shows the inlined catalogue page and categories without a call when the request matches, whatever its parameter order', async () => {
    const { calls } = mockApi({ 'GET /api/courses': { body: fetchedPage }, 'GET /api/categories': { body: categories } });
    inline({ '/api/courses?category=rse&q=climat&page=1&pageSize=12': inlinedPage, '/api/categories': categories });
    const courses = renderHook(() => useCourses({ q: 'climat', category: 'rse', page: 1, pageSize: 12 }), { wrapper });
    const counts = renderHook(() => useCategories(), { wrapper });
    expect(courses.result.current.data).toEqual(inlinedPage);
    expect(counts.result.current.data).toEqual(categories);
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull();
    // A later page of the same session asks the API: an answer is handed out once.
    const later = renderHook(() => useCourses({ q: 'climat', category: 'rse', page: 1, pageSize: 12 }), { wrapper });
    await waitFor(() => expect(later.result.current.data).toEqual(fetchedPage));
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/courses']);
  });

  it('asks the API when the inlined answer is for other parameters', async () => {
    const { calls } = mockApi({ 'GET /api/courses': { body: fetchedPage } });
    inline({ '/api/courses?page=1&pageSize=12': inlinedPage });
    const { result } = renderHook(() => useCourses({ q: 'sol', page: 1, pageSize: 12 }), { wrapper });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(fetchedPage));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.get('q')).toBe('sol');
  });

  it("uses a course's inlined answer for a visitor, not for someone signed in (whose answer carries their enrolment)", async () => {
    const inlined: CourseDetail = courseDetail({ id: 5, title: 'Inlined' });
    const mine: CourseDetail = courseDetail({ id: 5, title: 'Inlined', enrolled: true });
    const { calls } = mockApi({ 'GET /api/courses/5': { body: mine } });

    inline({ '/api/courses/5': inlined });
    const visitor = renderHook(() => useCourse(5), { wrapper });
    expect(visitor.result.current.data).toEqual(inlined);
    expect(calls).toHaveLength(0);

    signIn();
    inline({ '/api/courses/5': inlined });
    const member = renderHook(() => useCourse(5), { wrapper });
    expect(member.result.current.data).toBeUndefined();
    await waitFor(() => expect(member.result.current.data).toEqual(mine));
    expect(calls).toHaveLength(1);
  });
});
