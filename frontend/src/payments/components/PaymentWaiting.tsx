/**
 * What a payment form shows while the wallet (EVC Plus, ZAAD...) waits for the payer: where the
 * request went, the amount, how to confirm it, and the time left before the payment times out
 * (staff taking a phone order see ../admin/WaitingForCustomer.tsx instead).
 *
 * Screen readers hear the request, the instruction and the time left in whole minutes (when
 * the minute changes), never each second: the m:ss countdown is hidden from them.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PhoneIcon } from '@/components/ui/icons';
import { formatCountdown, useCountdown } from '@/lib/countdown';

export function PaymentWaiting({
  wallet,
  phone,
  amount,
  timeoutSecs,
}: {
  /** The wallet's name, e.g. 'ZAAD'. */
  wallet: string;
  phone: string;
  amount: string;
  timeoutSecs: number;
}) {
  const { t } = useLingui();
  const left = useCountdown(timeoutSecs);
  const minutes = Math.ceil(left / 60);
  return (
    <div className="mt-4 rounded-xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200" data-testid="payment-waiting">
      <p className="flex items-center gap-2 text-base font-bold">
        <PhoneIcon size={18} /> <Trans>Check your phone</Trans>
      </p>
      <p className="mt-2">{t`We sent a payment request for ${amount} to ${phone}.`}</p>
      <p className="mt-1 font-semibold">{t`Confirm on your phone with your ${wallet} PIN.`}</p>
      <div aria-hidden="true" className="mt-3">
        <p className="flex items-baseline justify-between gap-3">
          <span>
            <Trans>Time left to confirm</Trans>
          </span>
          <span className="font-mono text-lg font-bold tabular-nums" data-testid="payment-countdown">
            {formatCountdown(left)}
          </span>
        </p>
        <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-sky-100">
          <div
            className="h-full rounded-full bg-sky-600 transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
            style={{ width: `${(left / timeoutSecs) * 100}%` }}
          />
        </div>
      </div>
      {left > 0 ? (
        <p className="sr-only" data-testid="payment-time-left">
          {plural(minutes, { one: 'About # minute left to confirm.', other: 'About # minutes left to confirm.' })}
        </p>
      ) : (
        <p className="mt-3 font-semibold">{t`Still checking with ${wallet}. Please wait a moment.`}</p>
      )}
    </div>
  );
}
