import { vi } from 'vitest';
import type { TrainerStatus } from '../../../../shared/trainers';
import type { SessionUser } from '../../../lib/session';
import { signInAs } from '../../../test/session';

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
  return signInAs(trainerUser, overrides);
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
