import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/**
 * Failed reads are logged (screens show their empty or error state).
 * A 401 on an authenticated read means the stored token is no longer valid: sign out locally.
 */
function onQueryError(error: unknown) {
  if (import.meta.env.MODE !== 'test') console.error('Request failed:', error);
  if (error instanceof ApiError && error.status === 401 && useSession.getState().token) {
    useSession.getState().signOut();
  }
}

/** The app's QueryClient, made by AppProvider (one per provider, never a module singleton) and by tests. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    defaultOptions: {
      queries: {
        retry: (count, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return count < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}
