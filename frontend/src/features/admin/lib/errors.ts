import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client';

/** Shown when an admin call is refused for a missing token or role and the server said nothing (in the language shown). */
export const unauthorized = (): string => t`Unauthorized`;

/** The server's message (worded in the language shown: every request says it), else 'Unauthorized' for a 401/403, else the screen's default. */
export function adminErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.status === 401 || err.status === 403) return unauthorized();
  }
  return fallback;
}

/** Logged outside tests only (some failures are only logged, with no message on screen). */
export function logError(message: string, err: unknown) {
  if (import.meta.env.MODE !== 'test') console.error(message, err);
}
