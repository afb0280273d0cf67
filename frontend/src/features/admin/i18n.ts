/**
 * The back office's languages. Its texts are in a catalogue of its own (./locales/en.po and so.po,
 * lingui.config.ts's second catalogue): they go through the same Lingui instance as the
 * storefront's, but its Somali is a chunk of its own, so shoppers never download it. The admin
 * area adds it when its module is first loaded; from then on every language chosen carries it
 * before it is shown (src/i18n's addCatalogue). English needs only its messages with placeholders
 * or plurals compiled (`en.po?icu`, as src/i18n does); the rest is the text each call carries.
 *
 * The language is chosen as in the storefront (the same switch) and kept per person on the server
 * (User's `language`, lib/api/language.ts): the back office opens in the signed-in person's
 * language, whoever used this browser last.
 */
import { useEffect, useState } from 'react';
import { addCatalogue, currentLanguage, storedLanguage, type Catalogue } from '@/i18n';
import { showLanguageOf } from '@/lib/api/language';
import type { User } from '@/lib/types';
import { useSession } from '@/stores/session';
import { messages as englishMessages } from './locales/en.po?icu';

const catalogue: Catalogue = (language) =>
  language === 'so' ? import('./locales/so.po').then((m) => m.messages) : Promise.resolve(englishMessages);

let catalogueLoaded = false;

/** Resolves once the language shown has the back office's messages (at once in English). */
export const adminCatalogueReady: Promise<void> = addCatalogue(catalogue).then(() => {
  catalogueLoaded = true;
});

/** Shows the person's language (resolves once it is shown), then the back office's texts in it. */
export async function adminLanguageReady(user: Pick<User, 'language'> | null | undefined): Promise<void> {
  await showLanguageOf(user);
  await adminCatalogueReady;
}

/** Whether the back office must change language for this person before it is drawn. */
const switchFor = (user: Pick<User, 'language'> | null | undefined) =>
  Boolean(user?.language && (user.language !== currentLanguage() || user.language !== storedLanguage()));

/**
 * Whether the back office may be drawn for this person: its messages have arrived in the
 * language shown, and that is the person's own. Until then the admin area draws a loading state
 * rather than texts half in English or in someone else's language (only when it is first opened
 * in Somali, or by another person: an admin page opened directly waits before the app's first
 * render, see AdminRoutes' preloadPage). A switch made in the back office redraws it at once.
 */
export function useAdminLanguage(user: Pick<User, '_id' | 'language'> | null | undefined): boolean {
  const person = user?._id ?? '';
  const [readyFor, setReadyFor] = useState<string | null>(() => (catalogueLoaded && !switchFor(user) ? person : null));
  useEffect(() => {
    if (readyFor === person) return;
    let live = true;
    // The person's language as they arrive; a switch made later is shown as it is made, without waiting here.
    // A catalogue that could not be downloaded leaves the language shown as it was: draw in it.
    const done = () => {
      if (live) setReadyFor(person);
    };
    adminLanguageReady(useSession.getState().user).then(done, done);
    return () => {
      live = false;
    };
  }, [readyFor, person]);
  return readyFor === person;
}
