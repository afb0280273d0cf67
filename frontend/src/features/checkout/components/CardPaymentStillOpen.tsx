import { Trans } from '@lingui/react/macro';
import { useOrders } from '@/lib/api/orders';

/**
 * After a checkout refused with 409 (e.g. 'Your previous payment is still being confirmed…', the
 * words in the shopper's language): when the shopper's latest order still has its card payment
 * open (`paymentPageUrl`, they left the card page without paying), the way back to that page.
 * Mounted only after such a refusal, so the orders are asked for then (fetched again on mount).
 * A plain link: the card page is not a page of this app.
 */
export function CardPaymentStillOpen() {
  const orders = useOrders();
  const pageUrl = orders.data?.[0]?.paymentPageUrl;
  if (!pageUrl) return null;
  return (
    <div
      data-testid="card-payment-open"
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <p className="font-medium">
        <Trans>Your previous order is still waiting for your card payment.</Trans>
      </p>
      <a href={pageUrl} className="mt-1 inline-block font-semibold text-brand-700 underline hover:no-underline">
        <Trans>Go back to the card page</Trans>
      </a>
    </div>
  );
}
