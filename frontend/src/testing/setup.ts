import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n } from '@/i18n';
import { resetPendingActionStore } from '@/stores/pending-action';
import { resetSessionStore } from '@/stores/session';
import { resetUiStore } from '@/stores/ui';
import { server } from './server';

// findBy*/waitFor wait up to 3 s: lazily loaded pages are compiled on first use, which takes
// longer than the default 1 s when the machine is busy.
configure({ asyncUtilTimeout: 3000 });

// jsdom resolves relative fetch URLs against this origin.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Every test starts in English (the catalogue compiled in; a test may have switched to Somali).
  if (i18n.locale !== 'en') i18n.activate('en');
  document.documentElement.lang = 'en';
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionStore();
  resetPendingActionStore();
  resetUiStore();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

// jsdom lacks these.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => {};
