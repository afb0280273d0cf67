/**
 * Toasts, with react-toastify kept out of the first download: the library and its styles
 * load on the first toast, or once the page has settled (src/app/provider.tsx mounts the
 * container then). Same calls as react-toastify's `toast`; toasts asked for before the
 * container is up are queued by the library and shown when it mounts.
 */
import type { ToastOptions, TypeOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | null = null;
const requested = new Set<() => void>();

/** Loads react-toastify once and asks the app to mount its container. */
export function loadToasts(): Promise<Toastify> {
  if (!library) {
    library = import('react-toastify');
    requested.forEach((listener) => listener());
  }
  return library;
}

/** Calls `listener` when the first toast is asked for (at once if one already was). */
export function onToastsRequested(listener: () => void): () => void {
  if (library) listener();
  requested.add(listener);
  return () => requested.delete(listener);
}

function show(message: string, options?: ToastOptions, type?: TypeOptions) {
  void loadToasts().then(({ toast: t }) => t(message, type ? { ...options, type } : options));
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show(message, options), {
  success: (message: string, options?: ToastOptions) => show(message, options, 'success'),
  error: (message: string, options?: ToastOptions) => show(message, options, 'error'),
  info: (message: string, options?: ToastOptions) => show(message, options, 'info'),
  warning: (message: string, options?: ToastOptions) => show(message, options, 'warning'),
  /** Closes the toast `id`, or every toast shown; a toast asked for after this call stays. */
  dismiss: (id?: string) => {
    if (library) void library.then(({ toast: t }) => t.dismiss(id));
  },
});
