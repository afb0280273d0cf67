import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';

/**
 * Back from the card page without a payment (`?payment=failed&reason=…`, where the server sends
 * the browser): the reason as the server words it, that the order was canceled and the cart
 * kept, and the way to pay again.
 */
export function PaymentFailedAlert({ reason }: { reason: string | null }) {
  return (
    <div role="alert" data-testid="payment-failed" className="mb-6 rounded-xl bg-red-50 p-4 text-red-950 ring-1 ring-red-200 sm:p-5">
      <p className="text-lg font-bold">
        <Trans>Your payment did not go through</Trans>
      </p>
      {reason && <p className="mt-1 font-medium">{reason}</p>}
      <p className="mt-1">
        <Trans>This order was canceled. Your cart still holds its items, so you can pay again, by card or another way.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/checkout" className={btn.primary}>
          <Trans>Try again</Trans>
        </Link>
        <Link to="/cart" className={btn.secondary}>
          <Trans>View cart</Trans>
        </Link>
      </div>
    </div>
  );
}
