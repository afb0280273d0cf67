import { Trans } from '@lingui/react/macro';
import type { PaymentStatus } from '@/lib/types';

/**
 * Back from the card page before the provider has said whether it took the payment
 * (`?payment=pending`): a polite note that the page is waiting for it (the order is fetched again
 * meanwhile), and that it was confirmed once it is. Nothing for a payment that failed: the order's
 * own payment status says so.
 */
export function PaymentPendingNote({ status }: { status: PaymentStatus }) {
  const confirmed = status === 'paid';
  if (!confirmed && status !== 'pending') return null;
  return (
    <div
      role="status"
      data-testid="payment-pending"
      className={`mb-6 rounded-xl p-4 ring-1 sm:p-5 ${
        confirmed ? 'bg-emerald-50 text-emerald-950 ring-emerald-200' : 'bg-amber-50 text-amber-950 ring-amber-200'
      }`}
    >
      {confirmed ? (
        <p className="font-medium">
          <Trans>Your card payment was confirmed. Thank you!</Trans>
        </p>
      ) : (
        <p className="font-medium">
          <Trans>We are waiting for the card provider to confirm your payment. This page will show it once it does.</Trans>
        </p>
      )}
    </div>
  );
}
