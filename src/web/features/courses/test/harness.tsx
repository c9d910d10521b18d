import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { CourseDetail, CourseItem } from '../../../../shared/courses';
import { useSession, type SessionUser } from '../../../lib/session';

export const memberUser: SessionUser = {
  id: 11,
  email: 'camille.durand@exemple.fr',
  role: 'membre',
  firstname: 'Camille',
  lastname: 'Durand',
  isApproved: true,
  hasMeeting: false,
};

export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = { ...memberUser, ...overrides };
  useSession.getState().setSession('jeton-de-test', user);
  return user;
}

export function courseItem(overrides: Partial<CourseItem> = {}): CourseItem {
  return {
    id: 1,
    title: 'Zéro déchet en entreprise',
    description: 'Diagnostiquez les flux de déchets de votre structure, mettez en place le tri à la source et les filières de valorisation.',
    category: { slug: 'dechets', name: 'Gestion des déchets' },
    duration: '2 mois',
    price: 80,
    discountPrice: null,
    image: null,
    user: { id: 3, name: 'Claire Dubois', avatar: null },
    status: 'published',
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return { ...courseItem(), updated_at: '2026-01-10T10:00:00.000Z', enrolled: false, saved: false, attachment: null, ...overrides };
}

type Answer = { status?: number; body: unknown } | ((url: URL, init: RequestInit | undefined) => { status?: number; body: unknown });

/**
 * Answers fetch calls by "METHOD /path" (query string ignored for matching); every call is kept
 * in `calls` so a test can check what was asked. Unknown calls answer 404.
 */
export function mockApi(routes: Record<string, Answer>) {
  const calls: { method: string; url: URL }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(url, init) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { error_code: 'not_found', message: 'Ressource introuvable.' };
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Shows the current address, so tests can read what the page put in it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="adresse">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `routes` inside the providers a page needs, starting at `path`. */
export function renderRoutes(path: string, routes: Record<string, ReactNode>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
