import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUSY, btn } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import { payLinkPath, useCreateMyPaymentLink } from '../api/pay-link';

/**
 * An order taken by phone that waits for its shopper's payment (`paymentAwaits` 'customer'):
 * 'Pay now' asks the server for a payment link to this order and opens its page (/pay/:token,
 * within the app), where the shopper pays it as the shop's link would let them. A refusal (409:
 * e.g. a payment of it is under way) is said in the server's words, and Pay now asks again.
 */
export function PayNowNote({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const link = useCreateMyPaymentLink({
    // The order's own customer is always given the link (only staff who may not see its amounts get none).
    onSuccess: ({ url }) => {
      if (url) navigate(payLinkPath(url));
    },
    onError: (err) =>
      setRefusal(
        err instanceof ApiError && err.isNetworkError
          ? t`Network error. Please try again.`
          : errorMessage(err, t`The payment could not be started. Please try again.`),
      ),
  });
  const payNow = () => {
    if (link.isPending) return;
    setRefusal(null);
    link.mutate(orderId);
  };
  return (
    <div data-testid="pay-now" className="mb-6 space-y-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium">
          <Trans>This order is waiting for your payment.</Trans>
        </p>
        {/* Busy, it keeps the focus (aria-disabled) and asks nothing more. */}
        <button type="button" className={`${btn.primary} ${BUSY}`} onClick={payNow} aria-disabled={link.isPending || undefined}>
          {link.isPending ? <Trans>Opening the payment page...</Trans> : <Trans>Pay now</Trans>}
        </button>
      </div>
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {refusal}
        </p>
      )}
    </div>
  );
}
