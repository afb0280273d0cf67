import { Trans } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';

/**
 * An order whose card payment is still open (the server gives it `paymentPageUrl`, e.g. the
 * shopper closed or left the card page without paying): it waits for the payment, and 'Pay by
 * card' goes back to the card page. A plain link: the card page (the provider's, or the
 * sandbox's) is not a page of this app.
 */
export function PaymentOpenNote({ pageUrl }: { pageUrl: string }) {
  return (
    <div
      data-testid="payment-open"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 sm:p-5"
    >
      <p className="font-medium">
        <Trans>This order is waiting for your card payment.</Trans>
      </p>
      <a href={pageUrl} className={btn.primary}>
        <Trans>Pay by card</Trans>
      </a>
    </div>
  );
}
