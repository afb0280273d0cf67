import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { useSession } from './stores/session';

// Restore the session (token + user) from browser storage before the first render.
useSession.getState().restore();

// The first render as a transition: React draws the page in short slices, so a slow phone's
// main thread is never blocked for long while the app starts (the header frame of index.html
// stays until the page is ready).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
