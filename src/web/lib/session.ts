import { create } from 'zustand';
import type { Actor, Role } from '../../shared/roles';

/** The signed-in user as the screens need it. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  firstname: string;
  lastname: string;
  /** Trainers: approved by an admin. Members, organisations and admins are stored as approved. */
  isApproved: boolean;
  /** An interview that is not over exists for this user: 'Mes rendez-vous' appears, with its green dot. */
  hasMeeting: boolean;
  /** False: the owner has not opened the link sent to the address yet, and a banner asks them to. Absent counts as confirmed. */
  emailConfirmed?: boolean;
}

/**
 * The signed-in user as the shared policies see them (the server applies the same policies again).
 * `isApproved` is the web's one name for the approval flag; `is_valid` is its name on the wire.
 */
export function toActor(user: SessionUser): Actor {
  return { id: user.id, role: user.role, is_valid: user.isApproved };
}

/** The local storage keys of spec section 3. `token` mirrors `accessToken` for older screens. */
const keys = {
  accessToken: 'accessToken',
  token: 'token',
  userId: 'userId',
  userRole: 'userRole',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  isApproved: 'isApproved',
  hasMeeting: 'hasMeeting',
  /** 'false' while the address waits for its confirmation; absent otherwise. */
  emailConfirmed: 'emailConfirmed',
} as const;

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /** A message for the login screen, e.g. after the session expired. */
  notice: string | null;
  /**
   * The account is being deleted: its sessions end on the server before this browser has left the
   * signed-in page, and a refusal meanwhile must not end the local session early (the page's guard
   * would send the person to the login screen instead of the home page).
   */
  ending: boolean;
  setEnding(ending: boolean): void;
  setSession(token: string, user: SessionUser): void;
  updateUser(changes: Partial<SessionUser>): void;
  clear(notice?: string | null): void;
  setLoading(loading: boolean): void;
  setError(error: string | null): void;
  consumeNotice(): string | null;
}

function readStoredSession(): { token: string | null; user: SessionUser | null } {
  try {
    const token = localStorage.getItem(keys.accessToken);
    const id = Number(localStorage.getItem(keys.userId));
    const role = localStorage.getItem(keys.userRole) as Role | null;
    if (!token || !id || !role) return { token: null, user: null };
    return {
      token,
      user: {
        id,
        role,
        email: localStorage.getItem(keys.email) ?? '',
        firstname: localStorage.getItem(keys.firstName) ?? '',
        lastname: localStorage.getItem(keys.lastName) ?? '',
        isApproved: role !== 'formateur' || localStorage.getItem(keys.isApproved) === 'true',
        hasMeeting: localStorage.getItem(keys.hasMeeting) === 'true',
        emailConfirmed: localStorage.getItem(keys.emailConfirmed) !== 'false',
      },
    };
  } catch {
    return { token: null, user: null };
  }
}

function writeStoredSession(token: string, user: SessionUser): void {
  localStorage.setItem(keys.accessToken, token);
  localStorage.setItem(keys.token, token);
  localStorage.setItem(keys.userId, String(user.id));
  localStorage.setItem(keys.userRole, user.role);
  localStorage.setItem(keys.firstName, user.firstname);
  localStorage.setItem(keys.lastName, user.lastname);
  localStorage.setItem(keys.email, user.email);
  localStorage.setItem(keys.isApproved, String(user.isApproved));
  if (user.hasMeeting) localStorage.setItem(keys.hasMeeting, 'true');
  else localStorage.removeItem(keys.hasMeeting);
  if (user.emailConfirmed === false) localStorage.setItem(keys.emailConfirmed, 'false');
  else localStorage.removeItem(keys.emailConfirmed);
}

function clearStoredSession(): void {
  for (const key of Object.values(keys)) localStorage.removeItem(key);
}

const stored = readStoredSession();

export const useSession = create<SessionState>((set, get) => ({
  token: stored.token,
  user: stored.user,
  isAuthenticated: Boolean(stored.token && stored.user),
  loading: false,
  error: null,
  notice: null,
  ending: false,
  setEnding(ending) {
    set({ ending });
  },
  setSession(token, user) {
    writeStoredSession(token, user);
    set({ token, user, isAuthenticated: true, error: null, notice: null });
  },
  updateUser(changes) {
    const { token, user } = get();
    if (!token || !user) return;
    const next = { ...user, ...changes };
    writeStoredSession(token, next);
    set({ user: next });
  },
  clear(notice = null) {
    clearStoredSession();
    set({ token: null, user: null, isAuthenticated: false, notice, ending: false });
  },
  setLoading(loading) {
    set({ loading });
  },
  setError(error) {
    set({ error });
  },
  consumeNotice() {
    const notice = get().notice;
    if (notice) set({ notice: null });
    return notice;
  },
}));

/** The session store outside React (API client, tests). */
export const sessionStore = useSession;
