import { useSession, type SessionUser } from '../lib/session';

/** Signs `user` in, with `overrides` applied; returns the session user. */
export function signInAs(user: SessionUser, overrides: Partial<SessionUser> = {}): SessionUser {
  const signedIn = { ...user, ...overrides };
  useSession.getState().setSession('jeton-de-test', signedIn);
  return signedIn;
}

/** A session user, a member by default; a test passes in overrides whatever it relies on. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return { id: 7, email: 'camille@exemple.fr', role: 'membre', firstname: 'Camille', lastname: 'Durand', isApproved: true, hasMeeting: false, ...overrides };
}
