import { create } from 'zustand';
import { SelfUser } from '../../contracts/users.js';
import { ApiError, apiRequest, onUnauthorized } from './api-client.js';
import { STORAGE_KEYS, readJson, removeItem, writeJson } from './storage.js';

/** Where a fresh login or signup lands (SPEC §2: the AI messenger). */
export const LANDING_AFTER_SIGN_IN = '/chat/:ai';

/** Reads the stored user; anything unparsable or off-contract is discarded and cleared. */
export function loadStoredUser(): SelfUser | null {
  const raw = readJson(STORAGE_KEYS.me);
  if (raw === undefined) {
    // Either nothing is stored or it is not JSON; both end with a clean slate.
    removeItem(STORAGE_KEYS.me);
    return null;
  }
  const parsed = SelfUser.safeParse(raw);
  if (!parsed.success) {
    removeItem(STORAGE_KEYS.me);
    return null;
  }
  return parsed.data;
}

export interface SessionState {
  user: SelfUser | null;
  /**
   * Set by a successful login or signup so visitor-only pages send the user to the messenger
   * instead of their usual redirect (/signup normally sends signed-in users to /update).
   * Cleared once a signed-in page is reached.
   */
  landing: string | null;
  /** Login/signup success: remember the user and where to land. */
  signIn: (user: SelfUser) => void;
  /** Replace the current user's data (after a profile update or session check). */
  setUser: (user: SelfUser) => void;
  /** Forget the user locally (logout, expired session). */
  signOut: () => void;
  /** Said on the log-in page after the person closed their account (deleted it); cleared by the next sign-in. */
  farewell: string | null;
  clearLanding: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  user: loadStoredUser(),
  landing: null,
  farewell: null,
  signIn: (user) => {
    writeJson(STORAGE_KEYS.me, user);
    set({ user, landing: LANDING_AFTER_SIGN_IN, farewell: null });
  },
  setUser: (user) => {
    writeJson(STORAGE_KEYS.me, user);
    set({ user });
  },
  signOut: () => {
    removeItem(STORAGE_KEYS.me);
    set({ user: null, landing: null });
  },
  clearLanding: () => set({ landing: null }),
}));

const logoutListeners = new Set<(userId: string) => void>();

/**
 * Runs a listener when the person logs out on purpose, before they are forgotten: what this browser keeps
 * for them (Studio session, open Editor documents) goes with them. A session that merely expires keeps it,
 * so signing in again finds the work where it was left.
 */
export function onLogout(listener: (userId: string) => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** A confirmed logout: tells the onLogout listeners, then forgets the user; `farewell` is said on the log-in page. */
export function logOut(farewell: string | null = null): void {
  const user = useSession.getState().user;
  if (user) for (const listener of logoutListeners) listener(user._id);
  useSession.getState().signOut();
  useSession.setState({ farewell });
}

// Any 401 from the API means the server no longer knows this session.
onUnauthorized(() => {
  if (useSession.getState().user !== null) useSession.getState().signOut();
});

/**
 * Keeps tabs in agreement: logging out (or in) in one tab updates the others,
 * since they all share the single "me" entry.
 */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.me && event.key !== null) return;
    const stored = loadStoredUser();
    const current = useSession.getState().user;
    if (stored === null && current !== null) useSession.setState({ user: null, landing: null });
    else if (stored !== null && stored._id !== current?._id) useSession.setState({ user: stored });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Confirms a stored session once at start-up. A 401 signs out (through the API client's
 * listener); a network failure keeps the stored user so the app still opens offline.
 */
export async function confirmStoredSession(): Promise<void> {
  if (useSession.getState().user === null) return;
  try {
    const fresh = await apiRequest('/api/users/me', { schema: SelfUser });
    useSession.getState().setUser(fresh);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) useSession.getState().signOut();
  }
}
