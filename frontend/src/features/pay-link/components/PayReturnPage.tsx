import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';
import { usePageTitle } from '@/lib/use-page-title';
import { ToTheShop } from './LinkEnd';

/**
 * /pay/return, where the card page sends a payment link's payer back (the server, once it has
 * asked the provider): `?payment=paid`, `failed` with the server's `reason` (in the payer's
 * language), or `pending` while the provider has not said, as anything else is read (never
 * claiming paid or failed). Public: the payer needs no account.
 */
export function PayReturnPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const payment = params.get('payment');
  const reason = params.get('reason')?.trim() || null;
  const paid = payment === 'paid';
  const failed = payment === 'failed';
  usePageTitle(paid ? t`Payment Successful!` : failed ? t`Payment failed` : t`Payment being checked`);
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12 text-center">
      <div
        data-testid="pay-return"
        className={`rounded-2xl p-6 ring-1 ${
          paid ? 'bg-emerald-50 text-emerald-950 ring-emerald-200' : failed ? 'bg-red-50 text-red-950 ring-red-200' : 'bg-amber-50 text-amber-950 ring-amber-200'
        }`}
      >
        {paid && <CheckCircleIcon size={56} className="mx-auto mb-3 text-emerald-600" />}
        <h1 className="text-xl font-bold text-balance sm:text-2xl">
          {paid ? (
            <Trans>Paid. Thank you! Your order is confirmed.</Trans>
          ) : failed ? (
            reason ? <Trans>Your card payment did not go through: {reason}</Trans> : <Trans>Your card payment did not go through.</Trans>
          ) : (
            <Trans>Your card payment is being checked. We will send you a message when it is confirmed.</Trans>
          )}
        </h1>
        {failed && (
          <p className="mt-2">
            <Trans>Open the link we sent you to pay again, another way or with another card.</Trans>
          </p>
        )}
      </div>
      <ToTheShop />
    </div>
  );
}
