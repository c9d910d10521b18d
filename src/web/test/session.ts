import { useSession, type SessionUser } from '../lib/session';

/** Signs `user` in, with `overrides` applied; returns the session user. */
export function signInAs(user: SessionUser, overrides: Partial<SessionUser> = {}): SessionUser {
  const signedIn = { ...user, ...overrides };
  useSession.getState().setSession('jeton-de-test', signedIn);
  return signedIn;
}
