import type { ReactNode } from 'react';
import {
  render as renderWithoutI18n,
  renderHook as renderHookWithoutProviders,
  waitFor,
  within,
  type RenderOptions,
} from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import type { User } from '@/lib/types';
import { useSession } from '@/stores/session';
import { makeUser } from './data';

export interface RenderAppOptions {
  /** Signed in as this user (a customer by default when `true`). */
  user?: User | true;
  token?: string;
  /** The stored session not read yet (`isLoading`), as when the app starts: guards wait until a sign-in or `restore()`. */
  restoring?: boolean;
}

/** Shows the current location for assertions: screen.getByTestId('location'). */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </div>
  );
}

/** The session as `options` say: signed in, being restored, or read from storage. */
function startSession(options: RenderAppOptions) {
  if (options.user) {
    const user = options.user === true ? makeUser() : options.user;
    useSession.getState().signIn(options.token ?? 'test-token', user);
  } else if (options.restoring) {
    useSession.setState({ isLoading: true });
  } else {
    useSession.getState().restore();
  }
}

/** The app's query client, without retries (a failure shows at once). */
function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

/** Renders the whole app (routes, guards, providers, toasts) at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  startSession(options);
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  const utils = renderWithoutI18n(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, user, queryClient };
}

/**
 * Testing Library's `renderHook` inside the app's providers and a router at `path` (the
 * location shown by screen.getByTestId('location')), under a route `route` (for its params)
 * when given, the session as the options say.
 */
export function renderHookInApp<Result>(
  hook: () => Result,
  { path = '/', route, ...options }: RenderAppOptions & { path?: string; route?: string } = {},
) {
  startSession(options);
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={children} />
          </Routes>
        ) : (
          children
        )}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>
  );
  return { ...renderHookWithoutProviders(hook, { wrapper }), queryClient };
}

/** Waits for a toast with this text (looked up inside the toast container only). */
export function findToast(text: string | RegExp) {
  return waitFor(
    () => {
      const container = document.querySelector<HTMLElement>('.Toastify');
      if (!container) throw new Error('no toast container');
      return within(container).getByText(text);
    },
    { timeout: 3000 },
  );
}

/** The texts of the toasts currently shown. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast')).map((t) => t.textContent ?? '');
}

/** Testing Library's `render` inside the app's Lingui provider (English unless a test switches), for a component drawn alone. */
export function render(ui: ReactNode, options: Omit<RenderOptions, 'queries'> = {}) {
  const Inner = options.wrapper;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>
  );
  return renderWithoutI18n(ui, { ...options, wrapper });
}

export * from '@testing-library/react';
