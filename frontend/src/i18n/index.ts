/**
 * The storefront's languages, through Lingui: English (the source language, the texts as the
 * code writes them) and Somali. Texts are written in code with Lingui's macros (`t`, `<Trans>`,
 * `plural`, `msg`); `npm run i18n:extract` gathers them into ./locales/en.po and ./locales/so.po,
 * where a translator corrects the Somali (see lingui.config.ts).
 *
 * English is active from the first line that runs, so the first render (and every test) is
 * English with no waiting. Each macro call carries its English text (see vite.config.ts), so a
 * page's English arrives with the page's code: a plain text as it is, one with placeholders or
 * plurals compiled, so English needs no catalogue. The Somali catalogue is one chunk,
 * downloaded only when Somali is chosen (or was chosen before in this browser).
 *
 * An area loaded lazily with texts of its own (the back office, features/admin) brings its own
 * catalogue (`addCatalogue`), so shoppers never download its Somali: once added, it is merged
 * into every language activated from then on, before that language is shown.
 */
import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { LANGUAGE_KEY, safeStorage, storedLanguage, type Language } from '@/lib/browser-storage';

export { i18n, storedLanguage, type Language };

/** The choices of the language switch, each named in its own language. */
export const LANGUAGES: readonly { code: Language; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'so', name: 'Soomaali' },
];

/** English is the text each call carries (compiled where it needs it): the storefront has no English catalogue. */
const englishMessages: Messages = {};

const catalogues: Record<Language, () => Promise<Messages>> = {
  en: () => Promise.resolve(englishMessages),
  so: () => import('./locales/so.po').then((m) => m.messages),
};

/** A lazily loaded area's messages in a language. */
export type Catalogue = (language: Language) => Promise<Messages>;

/** The catalogues areas have added (addCatalogue), merged into each language activated; each with its first load. */
const areas = new Map<Catalogue, Promise<void>>();

// A message the active catalogue lacks is shown as the English text its call carries. In a build
// a text that is still a string is plain (vite.config.ts compiles the others where they are
// written), so its compiled form is the text itself; in tests and the dev server Lingui compiles it instead.
if (import.meta.env.PROD) i18n.setMessagesCompiler((text) => [text]);

i18n.loadAndActivate({ locale: 'en', messages: englishMessages });

/** The language shown now ('en' until a Somali catalogue has arrived and been activated). */
export function currentLanguage(): Language {
  return i18n.locale === 'so' ? 'so' : 'en';
}

/**
 * The language shown, for a component that draws something language-dependent without a
 * message of its own (a date, a shared status word): it draws again when the language changes.
 */
export function useLanguage(): Language {
  return useLingui().i18n.locale === 'so' ? 'so' : 'en';
}

/** Intl's locale for dates in the language shown: Somali as 'so', English as 'en-US' (November 21, 2026). */
export function dateLocale(): string {
  return currentLanguage() === 'so' ? 'so' : 'en-US';
}

let latest = 0;

/**
 * Shows the storefront in `language`: loads its catalogue (Somali's once) and those of the areas
 * added (addCatalogue), activates them together (every text drawn through Lingui follows), sets
 * `<html lang>` and, unless `remember` is false,
 * keeps the choice in this browser. When the shopper picks again before a catalogue has
 * arrived, the last choice wins.
 */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  const mine = ++latest;
  if (remember) {
    try {
      safeStorage('local')?.setItem(LANGUAGE_KEY, language);
    } catch {
      // A full or blocked storage: the choice holds for this visit only.
    }
  }
  const messages = await messagesOf(language);
  if (mine !== latest) return;
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

/** The storefront's messages in `language` and those of every area added, loaded side by side. */
async function messagesOf(language: Language): Promise<Messages> {
  const parts = [catalogues[language]()];
  const asked = new Set<Catalogue>();
  // An area added while these load is asked for too: a language is never shown without its texts.
  do {
    for (const area of areas.keys()) {
      if (asked.has(area)) continue;
      asked.add(area);
      parts.push(area(language));
    }
    await Promise.all(parts);
  } while (asked.size < areas.size);
  return Object.assign({}, ...(await Promise.all(parts)));
}

/**
 * Adds a lazily loaded area's catalogue: its messages in the language shown are merged into
 * the app's (`i18n.load`), and from then on every language `setLanguage` activates carries them
 * before it is shown. Resolves once the language shown has them (the area waits for it before
 * drawing, so it never shows its texts half translated); a language picked meanwhile brings
 * them itself.
 */
export function addCatalogue(area: Catalogue): Promise<void> {
  let added = areas.get(area);
  if (!added) {
    added = (async () => {
      // Again when the language shown changed while its messages were loading.
      for (let language = currentLanguage(); ; language = currentLanguage()) {
        i18n.load(language, await area(language));
        if (currentLanguage() === language) return;
      }
    })();
    areas.set(area, added);
  }
  return added;
}

/** At start: the language chosen before in this browser (Somali waits for its catalogue). */
export function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  return language === 'en' ? Promise.resolve() : setLanguage(language, { remember: false });
}
