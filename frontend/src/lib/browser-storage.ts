/**
 * The browser's storages, shared by the session store and the early request (which runs
 * before the app and must stay small, so it cannot import the store).
 */

/** Where the signed-in shopper's token is kept in localStorage. */
export const TOKEN_KEY = 'token';

/** The storage of this kind; null where the browser refuses it (private modes, blocked cookies). */
export function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}
