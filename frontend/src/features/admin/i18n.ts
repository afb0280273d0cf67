/**
 * The back office's languages. Its texts are in a catalogue of its own (./locales/en.po and so.po,
 * lingui.config.ts's second catalogue): they go through the same Lingui instance as the
 * storefront's, but its Somali is a chunk of its own, so shoppers never download it. The admin
 * area adds it when its module is first loaded; from then on every language chosen carries it
 * before it is shown (src/i18n's addCatalogue). English needs only its messages with placeholders
 * or plurals compiled (`en.po?icu`, as src/i18n does); the rest is the text each call carries.
 *
 * The language is chosen as in the storefront (the same switch, remembered in this browser) and
 * kept per person: each choice made in the back office is also kept under the person's id, and
 * the back office opens in their language, whoever used this browser last.
 */
import { useEffect, useState } from 'react';
import { addCatalogue, currentLanguage, setLanguage, storedLanguage, type Catalogue, type Language } from '@/i18n';
import { LANGUAGE_KEY, safeStorage } from '@/lib/browser-storage';
import { messages as englishMessages } from './locales/en.po?icu';

const catalogue: Catalogue = (language) =>
  language === 'so' ? import('./locales/so.po').then((m) => m.messages) : Promise.resolve(englishMessages);

let catalogueLoaded = false;

/** Resolves once the language shown has the back office's messages (at once in English). */
export const adminCatalogueReady: Promise<void> = addCatalogue(catalogue).then(() => {
  catalogueLoaded = true;
});

/** Where a person's back-office language is kept in this browser: `language:<their id>`. */
const personKey = (userId: string) => `${LANGUAGE_KEY}:${userId}`;

/** The language this person last chose in the back office of this browser; null when none (or storage is blocked). */
export function languageOf(userId: string | undefined): Language | null {
  if (!userId) return null;
  try {
    const language = safeStorage('local')?.getItem(personKey(userId));
    return language === 'en' || language === 'so' ? language : null;
  } catch {
    return null;
  }
}

/** Keeps a choice of the back office's switch for this person (the switch keeps it for the browser). */
export function rememberLanguageOf(userId: string | undefined, language: Language): void {
  if (!userId) return;
  try {
    safeStorage('local')?.setItem(personKey(userId), language);
  } catch {
    // A full or blocked storage: the browser's choice still holds.
  }
}

/** Whether the back office must change language for this person before it is drawn. */
const switchFor = (userId: string | undefined): Language | null => {
  const language = languageOf(userId);
  // The language shown, or the one on its way (a choice restored at start is still loading).
  return language && (language !== currentLanguage() || language !== storedLanguage()) ? language : null;
};

/** Shows the person's language if they chose one (resolves once it is shown), then the back office's texts in it. */
export async function adminLanguageReady(userId: string | undefined): Promise<void> {
  const language = switchFor(userId);
  if (language) await setLanguage(language);
  await adminCatalogueReady;
}

/**
 * Whether the back office may be drawn for this person: its messages have arrived in the
 * language shown, and that is the person's own. Until then the admin area draws a loading state
 * rather than texts half in English or in someone else's language (only when it is first opened
 * in Somali, or by another person: an admin page opened directly waits before the app's first
 * render, see AdminRoutes' preloadPage). A switch made in the back office redraws it at once.
 */
export function useAdminLanguage(userId: string | undefined): boolean {
  const person = userId ?? '';
  const [readyFor, setReadyFor] = useState<string | null>(() => (catalogueLoaded && !switchFor(userId) ? person : null));
  useEffect(() => {
    if (readyFor === person) return;
    let live = true;
    void adminLanguageReady(userId).then(() => {
      if (live) setReadyFor(person);
    });
    return () => {
      live = false;
    };
  }, [readyFor, person, userId]);
  return readyFor === person;
}
