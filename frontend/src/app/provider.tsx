import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loadToasts, onToastsRequested } from '@/lib/toast';
import { useSessionUserRefresh } from '@/lib/api/users';

function SessionSync() {
  useSessionUserRefresh();
  return null;
}

/** After a language switch, what the server worded (messages, reasons) is asked for again in the new language. */
function LanguageSync() {
  const client = useQueryClient();
  useEffect(() => {
    let shown = i18n.locale;
    return i18n.on('change', () => {
      if (i18n.locale === shown) return;
      shown = i18n.locale;
      void client.invalidateQueries();
    });
  }, [client]);
  return null;
}

const Toasts = lazy(() => import('./toasts'));

/** A toast is rarely needed in a page's first seconds; until then a toast call loads them itself. */
const TOASTS_AFTER_LOAD_MS = 3000;

/** Runs `run` a while after the page has loaded, when the browser is idle (not during the first screen). */
function whenSettled(run: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5000 });
      else run();
    }, TOASTS_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** Toasts as the app setting says (bottom-left, closing after 3000 ms): see ./toasts.tsx. */
export function AppToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stop = onToastsRequested(() => setWanted(true));
    const cancel = whenSettled(() => void loadToasts());
    return () => {
      stop();
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SessionSync />
        <LanguageSync />
        {children}
        <AppToasts />
      </QueryClientProvider>
    </I18nProvider>
  );
}
