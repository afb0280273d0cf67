/**
 * Starts the app's scripts once a served page has been drawn.
 *
 * The server sends the catalogue's pages ready (name, price, pictures: see the README's
 * "Search engines and link previews"), so on a slow phone the first screen needs only the
 * HTML, the stylesheet and its pictures. Downloading the app's 130 kB of scripts at the same
 * time would share the link with those pictures and hold back the largest paint. So the
 * built index.html names the app's scripts in a data block (`app-scripts`, written by
 * vite.config.ts) instead of loading them, and this small entry adds them to the page after
 * the page's `load` (its first pictures are in) and the next paint, or `LATEST_START_MS`
 * after it runs if the pictures are slow. A page served without content of its own (cart,
 * checkout, the back office) starts the app at once.
 *
 * It imports nothing, so it is one small file that runs as soon as it arrives.
 */

/** The app starts by this long after this script ran, even if the page's pictures have not all loaded. */
export const LATEST_START_MS = 2_000;

/** What the built index.html lists: the app's module scripts, in order, and the modules they import. */
export interface AppScripts {
  modules: string[];
  preload: string[];
}

function append(document: Document, element: HTMLElement): void {
  document.head.appendChild(element);
}

/** Adds the app's scripts to the page: the modules it imports first (fetched in parallel), then its entries. */
export function addAppScripts(document: Document, scripts: AppScripts): void {
  for (const href of scripts.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    append(document, link);
  }
  for (const src of scripts.modules) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    append(document, script);
  }
}

/** Whether the server sent this page with content of its own inside the root (`<main data-served>`). */
export function hasServedContent(document: Document): boolean {
  return document.querySelector('#root > main[data-served]') !== null;
}

/** Adds the app's scripts once, at the right time for this page (see the module's comment). */
export function scheduleAppStart(window: Window, scripts: AppScripts): void {
  const { document } = window;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    addAppScripts(document, scripts);
  };
  if (!hasServedContent(document)) {
    start();
    return;
  }
  // After the paint that follows `load`; a hidden tab draws no frames, hence the timer too.
  const afterNextPaint = () => {
    window.requestAnimationFrame(() => window.setTimeout(start, 0));
    window.setTimeout(start, 100);
  };
  if (document.readyState === 'complete') {
    afterNextPaint();
  } else {
    window.addEventListener('load', afterNextPaint, { once: true });
    window.setTimeout(start, LATEST_START_MS);
  }
}

const listed = typeof document === 'undefined' ? null : document.getElementById('app-scripts');
if (listed?.textContent) scheduleAppStart(window, JSON.parse(listed.textContent) as AppScripts);
