import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { TrainerStatus } from '../../../../shared/trainers';
import { useSession, type SessionUser } from '../../../lib/session';

export const trainerUser: SessionUser = {
  id: 7,
  email: 'camille.durand@exemple.fr',
  role: 'formateur',
  firstname: 'Camille',
  lastname: 'Durand',
  isApproved: false,
  hasMeeting: false,
};

export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = { ...trainerUser, ...overrides };
  useSession.getState().setSession('jeton-de-test', user);
  return user;
}

export function statusOf(overrides: Partial<TrainerStatus> = {}): TrainerStatus {
  return { isApproved: false, state: 'cv_received', rejectionReason: null, cv: null, ...overrides };
}

/** Answers `GET /api/formateur/{id}/status` with each given status in turn (the last one repeats). */
export function mockStatusResponses(...answers: Array<TrainerStatus | { status: number; body: unknown }>) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => {
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    const [status, body] = 'state' in answer ? [200, answer] : [answer.status, answer.body];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `routes` inside the providers a page needs, starting at `path`. */
export function renderRoutes(path: string, routes: Record<string, ReactNode>, wrapper?: (children: ReactNode) => ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <Routes>
      {Object.entries(routes).map(([routePath, element]) => (
        <Route key={routePath} path={routePath} element={element} />
      ))}
    </Routes>
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{wrapper ? wrapper(tree) : tree}</MemoryRouter>
    </QueryClientProvider>,
  );
}
