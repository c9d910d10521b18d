/**
 * The invitation link's token, kept for this tab (sessionStorage) once read from the address: a
 * reload of /rejoindre, or a detour through the login or the signup, finds it again (issue 25).
 * Never in localStorage: it dies with the tab, like the page that showed it.
 */
const KEY = 'ecoforma.invitation';

export function rememberInvitationToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the profile still lists the invitation once the address is proven.
  }
}

export function recallInvitationToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitationToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
