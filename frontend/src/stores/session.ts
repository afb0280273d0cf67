/**
 * The session: token + user, kept in localStorage and restored at start.
 * `isLoading` holds until `restore()` has run, so guards can wait for it.
 * Also the return address: the path a shopper wanted when sent to sign in.
 */
import { create } from 'zustand';
import { safeStorage, TOKEN_KEY } from '@/lib/browser-storage';
import type { User } from '@/lib/types';

const USER_KEY = 'user';
const RETURN_KEY = 'returnTo';

export interface SessionState {
  token: string | null;
  user: User | null;
  isLoading: boolean;
  returnTo: string | null;
  /** True after the shopper chose to log out (guards then send them home, not to /login). */
  signedOutByUser: boolean;
  restore: () => void;
  signIn: (token: string, user: User) => void;
  setUser: (user: User) => void;
  /** Clears the session; `byUser` when the shopper logged out (not an expired token). */
  signOut: (byUser?: boolean) => void;
  /** Called once the logout has landed on the home page. */
  clearSignedOutByUser: () => void;
  setReturnTo: (path: string) => void;
  /** Reads and clears the return address. */
  takeReturnTo: () => string | null;
}

function readUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as User;
    return u && typeof u === 'object' && typeof u._id === 'string' ? u : null;
  } catch {
    return null;
  }
}

export const initialSessionState = {
  token: null,
  user: null,
  isLoading: true,
  returnTo: null,
  signedOutByUser: false,
} satisfies Partial<SessionState>;

export const useSession = create<SessionState>()((set, get) => ({
  ...initialSessionState,

  restore: () => {
    const local = safeStorage('local');
    const token = local?.getItem(TOKEN_KEY) ?? null;
    const user = readUser(local?.getItem(USER_KEY) ?? null);
    const returnTo = safeStorage('session')?.getItem(RETURN_KEY) ?? null;
    if (token && user) {
      set({ token, user, isLoading: false, returnTo });
    } else {
      local?.removeItem(TOKEN_KEY);
      local?.removeItem(USER_KEY);
      set({ token: null, user: null, isLoading: false, returnTo });
    }
  },

  signIn: (token, user) => {
    const local = safeStorage('local');
    local?.setItem(TOKEN_KEY, token);
    local?.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user, isLoading: false, signedOutByUser: false });
  },

  setUser: (user) => {
    safeStorage('local')?.setItem(USER_KEY, JSON.stringify(user));
    set({ user });
  },

  signOut: (byUser = false) => {
    const local = safeStorage('local');
    local?.removeItem(TOKEN_KEY);
    local?.removeItem(USER_KEY);
    set({ token: null, user: null, isLoading: false, signedOutByUser: byUser });
  },

  clearSignedOutByUser: () => set({ signedOutByUser: false }),

  setReturnTo: (path) => {
    safeStorage('session')?.setItem(RETURN_KEY, path);
    set({ returnTo: path });
  },

  takeReturnTo: () => {
    const path = get().returnTo ?? safeStorage('session')?.getItem(RETURN_KEY) ?? null;
    safeStorage('session')?.removeItem(RETURN_KEY);
    set({ returnTo: null });
    return path;
  },
}));

export const selectIsAuthenticated = (s: SessionState) => Boolean(s.token && s.user);

/** Back to the initial state (tests). */
export function resetSessionStore() {
  useSession.setState({ ...initialSessionState });
}
