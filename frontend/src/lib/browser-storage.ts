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

/** Where the shopper's language ('en' or 'so') is kept in localStorage. */
export const LANGUAGE_KEY = 'language';

/** The languages of the storefront: English (the texts as written in the code) and Somali. */
export type Language = 'en' | 'so';

/** The language the shopper chose last in this browser; English when none (or storage is blocked). */
export function storedLanguage(): Language {
  try {
    return safeStorage('local')?.getItem(LANGUAGE_KEY) === 'so' ? 'so' : 'en';
  } catch {
    return 'en';
  }
}
