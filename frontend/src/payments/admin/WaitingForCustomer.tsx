/**
 * While the customer's wallet asks them for their PIN (a phone order's payment request, staff's
 * view; the payer's is ../components/PaymentWaiting.tsx): where the request went and the seconds
 * left before the payment times out (the settings' `paymentTimeoutSecs`). Screen readers hear
 * the time left in whole minutes when the minute changes, never each second.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCountdown } from '@/lib/countdown';
import { formatPhone } from '@/lib/phone-format';

export function WaitingForCustomer({ wallet, phone: typed, timeoutSecs }: { wallet: string; phone: string; timeoutSecs: number }) {
  const { t } = useLingui();
  const phone = formatPhone(typed);
  const left = useCountdown(timeoutSecs);
  const minutes = Math.ceil(left / 60);
  return (
    <div className="rounded-lg bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200" data-testid="payment-waiting">
      <p className="font-bold">
        <Trans>Waiting for the customer to confirm</Trans>
      </p>
      <p className="mt-1 text-sm">{t`The ${wallet} payment request went to ${phone}: the customer confirms it with their PIN.`}</p>
      {left > 0 ? (
        <>
          <p aria-hidden="true" className="mt-2 font-mono text-lg font-bold tabular-nums" data-testid="payment-seconds-left">
            {plural(left, { one: '# second left', other: '# seconds left' })}
          </p>
          <p className="sr-only">{plural(minutes, { one: 'About # minute left to confirm.', other: 'About # minutes left to confirm.' })}</p>
        </>
      ) : (
        <p className="mt-2 font-semibold">{t`Still waiting for ${wallet}'s answer. Please wait a moment.`}</p>
      )}
    </div>
  );
}
