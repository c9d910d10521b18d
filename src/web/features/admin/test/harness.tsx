import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { AdminUser, AdminUsersResponse } from '../../../../shared/admin';
import { useSession } from '../../../lib/session';

export function signInAdmin() {
  useSession.getState().setSession('jeton-admin', {
    id: 1,
    email: 'admin@exemple.fr',
    role: 'admin',
    firstname: 'Alice',
    lastname: 'Admin',
    isApproved: true,
    hasMeeting: false,
  });
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    name: 'Hélène Dupré',
    firstname: 'Hélène',
    lastname: 'Dupré',
    email: 'helene.dupre@exemple.fr',
    role: 'formateur',
    speciality: 'Biodiversité',
    is_valid: false,
    meeting_date: null,
    meeting_url: null,
    meeting_id: null,
    cv: true,
    profil_picture: null,
    phone_number: null,
    country: 'France',
    gender: 'female',
    birthdate: '1985-03-02',
    created_at: '2026-01-10T10:00:00.000Z',
    rejected: false,
    ...overrides,
  };
}

export function usersResponse(users: AdminUser[], overrides: Partial<AdminUsersResponse> = {}): AdminUsersResponse {
  return {
    users,
    total: users.length,
    totalCapped: false,
    page: 1,
    pageSize: 20,
    counters: { total: 1234, pending: 56, approved: 1178, meetings: 9 },
    ...overrides,
  };
}

type Answer = { status?: number; body: unknown };

/** Answers fetch by "METHOD /path"; keeps every call. Unknown calls answer 404. */
export function mockApi(routes: Record<string, Answer | ((url: URL, init?: RequestInit) => Answer)>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${url.pathname}`];
      const answer = typeof route === 'function' ? route(url, init) : route;
      const status = answer?.status ?? (answer ? 200 : 404);
      const body = answer ? answer.body : { error_code: 'not_found', message: 'Ressource introuvable.' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderAt(path: string, routePath: string, page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
