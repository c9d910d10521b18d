import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

export interface MockAnswer {
  status: number;
  body?: unknown;
}

/** Replaces fetch: `answers['POST /api/login']` answers that call; every call is recorded. */
export function mockApi(answers: Record<string, MockAnswer | (() => MockAnswer | Promise<MockAnswer>)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const entry = answers[key];
    if (!entry) throw new Error(`Appel inattendu : ${key}`);
    const answer = typeof entry === 'function' ? await entry() : entry;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the n-th recorded call. */
export function sentBody(fetchMock: ReturnType<typeof mockApi>, index = 0): unknown {
  return JSON.parse(String(fetchMock.mock.calls[index]![1]!.body));
}

/** Shows where the router ended up, so a test can read it. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} : {location.pathname}
      {location.search}
    </p>
  );
}

/** `page` at `path` (with optional router state), every other address a marker naming it. */
export function renderPage(route: string, page: ReactNode, entry: string | { pathname: string; search?: string; state?: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<Where name="Arrivée" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
