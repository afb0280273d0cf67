import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client';

/** The toast for a failed checkout: the server's message when it sent one. */
export function checkoutErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return t`Checkout error`;
  if (err.isNetworkError) return t`Network error. Please try again.`;
  if (err.serverMessage) return err.serverMessage;
  if (err.status >= 500) return t`Failed to place order`;
  return t`Payment failed`;
}

/**
 * A checkout refused as a conflict (409): among them 'Your previous payment is still being
 * confirmed…' while an earlier order awaits its payment. The server words it in the shopper's
 * language, so the status is what is read here; the checkout then looks for an open card payment.
 */
export const refusedAsConflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;
