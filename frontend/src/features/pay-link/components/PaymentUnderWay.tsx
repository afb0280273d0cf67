import { Trans, useLingui } from '@lingui/react/macro';
import { PhoneIcon } from '@/components/ui/icons';

/**
 * While a payment of the link's order is under way (the payer's PIN prompt, or a card page, is
 * open): the server's message when this page started it, and that the page shows when it is paid
 * (it asks the server again every few seconds).
 */
export function PaymentUnderWay({ message }: { message: string | null }) {
  const { t } = useLingui();
  return (
    <div className="rounded-2xl bg-sky-50 p-5 text-sky-950 ring-1 ring-sky-200 sm:p-6" data-testid="payment-under-way">
      <p className="flex items-center gap-2 text-lg font-bold">
        <PhoneIcon size={20} /> <Trans>Waiting for the payment</Trans>
      </p>
      <p className="mt-2">{message ?? t`A payment of this order is under way. This page shows when it is paid.`}</p>
      <span className="mt-4 block h-8 w-8 animate-spin rounded-full border-4 border-sky-100 border-t-sky-600 motion-reduce:animate-none" aria-hidden="true" />
    </div>
  );
}
