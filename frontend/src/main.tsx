import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
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
const { pathname } = window.location;
if (adminPageAt(pathname) !== null && useSession.getState().token) {
  preloadAdminPage(pathname).then(render, render);
} else {
  render();
}
