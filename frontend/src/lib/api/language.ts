/**
 * A person's language, kept on the server (docs/api.md, User's `language`): the switch keeps a
 * signed-in person's choice there (PUT /api/auth/language), for their next sign-in anywhere and
 * their messages; signing in shows the shop in it. A shopper who is not signed in has only this
 * browser's choice (src/i18n).
 */
import { currentLanguage, setLanguage, storedLanguage, type Language } from '@/i18n';
import { api } from '@/lib/api-client';
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
  if (!user || user.language === language) return;
  setUser({ ...user, language });
  try {
    const reply = await chooseLanguage(language);
    const now = useSession.getState().user;
    if (now && now._id === user._id && reply.language !== now.language) setUser({ ...now, language: reply.language });
  } catch {
    // Offline or refused: the server keeps the earlier language until the next choice.
  }
}

/** Shows the shop in the person's language (at sign-in, on entering the back office); resolves once it is shown. */
export function showLanguageOf(user: Pick<User, 'language'> | null | undefined): Promise<void> {
  const language = user?.language;
  // The language shown, or the one on its way (a choice restored at start may still be loading).
  if (!language || (language === currentLanguage() && language === storedLanguage())) return Promise.resolve();
  return setLanguage(language);
}
