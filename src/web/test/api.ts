import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Route = MockAnswer | ((url: URL, init: RequestInit | undefined) => MockAnswer | Promise<MockAnswer>);

export interface RecordedCall {
  method: string;
  url: URL;
  /** The JSON body sent, if any. */
  body: unknown;
}

/**
 * Replaces fetch: `routes['POST /api/login']` answers that call (the query string is ignored for
 * matching; status 200 unless given). Unknown calls answer 404. Every call is kept in `calls`.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route(url, init) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { error_code: 'not_found', message: 'Ressource introuvable.' };
    return new Response(body === undefined || body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The JSON body of the n-th recorded call. */
export function sentBody(fetchMock: ReturnType<typeof mockApi>['fetchMock'], index = 0): unknown {
  return JSON.parse(String(fetchMock.mock.calls[index]![1]!.body));
}

/**
 * A route whose server never answers (a dead network, a silent proxy): like a real fetch, the
 * call only ends when its signal aborts, rejecting with the signal's reason.
 */
export function noAnswer(): (url: URL, init: RequestInit | undefined) => Promise<MockAnswer> {
  return (_url, init) =>
    new Promise<MockAnswer>((_resolve, reject) => {
      const signal = init?.signal;
      if (!signal) return;
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
}
