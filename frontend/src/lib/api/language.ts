/**
 * A person's language, kept on the server (docs/api.md, User's `language`): the switch keeps a
 * signed-in person's choice there (PUT /api/auth/language), for their next sign-in anywhere and
 * their messages. A shopper who is not signed in has only this browser's choice (src/i18n); one
 * made in this tab before signing in is theirs at sign-in (kept for them), else signing in shows
 * the shop in the person's own language, so a shared device shows each person theirs.
 */
import { currentLanguage, setLanguage, storedLanguage, type Language } from '@/i18n';
import { api } from '@/lib/api-client';
import { safeStorage } from '@/lib/browser-storage';
import type { User } from '@/lib/types';
import { useSession } from '@/stores/session';

export const chooseLanguage = (language: Language) => api.put<User>('/auth/language', { language });

/**
 * Keeps `language` as the signed-in person's: the stored session user says it at once (the back
 * office opens in it), then the server is told. A refused or failed call changes nothing else:
 * the choice still holds in this browser.
 */
export async function keepLanguage(language: Language): Promise<void> {
  const { user, setUser } = useSession.getState();
  if (!user) {
    markChosenSignedOut(true);
    return;
  }
  if (user.language === language) return;
  setUser({ ...user, language });
  try {
    const reply = await chooseLanguage(language);
    const now = useSession.getState().user;
    if (now && now._id === user._id && reply.language !== now.language) setUser({ ...now, language: reply.language });
  } catch {
    // Offline or refused: the server keeps the earlier language until the next choice.
  }
}

/** Where this tab marks a language chosen while signed out (sessionStorage: it survives a reload, not the tab). */
const CHOSEN_SIGNED_OUT_KEY = 'language-chosen-signed-out';

function markChosenSignedOut(chosen: boolean): void {
  try {
    const storage = safeStorage('session');
    if (chosen) storage?.setItem(CHOSEN_SIGNED_OUT_KEY, '1');
    else storage?.removeItem(CHOSEN_SIGNED_OUT_KEY);
  } catch {
    // Blocked storage: a sign-in shows the person's own language.
  }
}

function chosenSignedOut(): boolean {
  try {
    return safeStorage('session')?.getItem(CHOSEN_SIGNED_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * At sign-in (the session holding `user` already): a language chosen in this tab before signing
 * in becomes theirs; otherwise the shop shows their own.
 */
export function languageAtSignIn(user: Pick<User, 'language'>): Promise<void> {
  if (chosenSignedOut()) {
    markChosenSignedOut(false);
    return keepLanguage(currentLanguage());
  }
  return showLanguageOf(user);
}

/** Shows the shop in the person's language (at sign-in, on entering the back office); resolves once it is shown. */
export function showLanguageOf(user: Pick<User, 'language'> | null | undefined): Promise<void> {
  const language = user?.language;
  // The language shown, or the one on its way (a choice restored at start may still be loading).
  if (!language || (language === currentLanguage() && language === storedLanguage())) return Promise.resolve();
  return setLanguage(language);
}
