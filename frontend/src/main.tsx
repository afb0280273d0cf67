import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { restoreLanguage } from './i18n';
import { preloadAdminPage } from './app/router';
import { adminPageAt } from './lib/admin-paths';
import { useSession } from './stores/session';

// Restore the session (token + user) from browser storage before the first render.
useSession.getState().restore();

// The first render as a transition: React draws the page in short slices, so a slow phone's
// main thread is never blocked for long while the app starts (the header frame of index.html
// stays until the page is ready).
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// An admin page opened directly (with a stored session) waits for its code, which the early
// request is already fetching, and then draws at once instead of through two loading steps.
// A shopper who chose Somali before waits for its catalogue, so the page is never drawn in
// English first (English, the default, waits for nothing).
const { pathname } = window.location;
const waits: Promise<unknown>[] = [restoreLanguage()];
if (adminPageAt(pathname) !== null && useSession.getState().token) waits.push(preloadAdminPage(pathname));
Promise.allSettled(waits).then(render);
