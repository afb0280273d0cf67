/**
 * The back office's catalogue (./locales/en.po and so.po, lingui.config.ts's second catalogue):
 * its texts go through the same Lingui instance as the storefront's, but its Somali is a chunk of
 * its own, so shoppers never download it. The admin area adds it when its module is first
 * loaded; from then on every language chosen carries it before it is shown (src/i18n's
 * addCatalogue). English needs only its messages with placeholders or plurals compiled
 * (`en.po?icu`, as src/i18n does); the rest is the text each call carries.
 */
import { useEffect, useState } from 'react';
import { addCatalogue, type Catalogue } from '@/i18n';
import { messages as englishMessages } from './locales/en.po?icu';

const catalogue: Catalogue = (language) =>
  language === 'so' ? import('./locales/so.po').then((m) => m.messages) : Promise.resolve(englishMessages);

let ready = false;

/** Resolves once the language shown has the back office's messages (at once in English). */
export const adminCatalogueReady: Promise<void> = addCatalogue(catalogue).then(() => {
  ready = true;
});

/**
 * Whether the back office's messages have arrived: until then the admin area draws a loading
 * state rather than texts half in English (only when it is first opened in Somali; an admin
 * page opened directly waits for them before the app's first render, see AdminRoutes' preloadPage).
 */
export function useAdminCatalogue(): boolean {
  const [loaded, setLoaded] = useState(ready);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void adminCatalogueReady.then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}
