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
