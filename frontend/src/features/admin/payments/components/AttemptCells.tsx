/** The pieces a payment attempt is drawn with, in the Payments list and on an order's page: its amount (and what was approved, when another) and its order. */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatPrice } from '@/lib/format';
import type { PaymentAttempt } from '@/lib/types';
import { useMayOpen } from '../../lib/access';

/** An amount in its currency: dollars as the shop writes them ($45.00), another currency by its code (45.00 SOS). */
export function money(amount: number, currency: string | null): string {
  return !currency || currency === 'USD' ? formatPrice(amount) : `${amount.toFixed(2)} ${currency}`;
}

/** What the provider approved when it is not what was asked (another amount or currency); null when the same or not said. */
export function approvedOtherwise(a: Pick<PaymentAttempt, 'amount' | 'currency' | 'approvedAmount' | 'approvedCurrency'>): string | null {
  if (a.approvedAmount === null) return null;
  const currency = a.approvedCurrency ?? a.currency;
  if (a.approvedAmount === a.amount && currency === a.currency) return null;
  return money(a.approvedAmount, currency);
}

/** The amount asked, with 'approved $0.01' beneath it when the provider approved another. */
export function AttemptAmount({ attempt }: { attempt: PaymentAttempt }) {
  const { t } = useLingui();
  const approved = approvedOtherwise(attempt);
  return (
    <>
      <span className="font-semibold whitespace-nowrap">{money(attempt.amount, attempt.currency)}</span>
      {approved && (
        <span className="block text-xs font-medium whitespace-nowrap text-amber-900" data-testid="attempt-approved">
          {t`approved ${approved}`}
        </span>
      )}
    </>
  );
}

/** The attempt's order by its number: a link to the order's page for whoever may open it. */
export function AttemptOrder({ attempt }: { attempt: Pick<PaymentAttempt, 'orderId' | 'orderNumber'> }) {
  const mayOpen = useMayOpen();
  const { orderId, orderNumber } = attempt;
  if (!mayOpen('order')) {
    return (
      <span className="font-mono font-semibold text-stone-900" title={orderId}>
        {orderNumber}
      </span>
    );
  }
  return (
    <Link to={`/admin/orders/${encodeURIComponent(orderId)}`} className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 hover:underline" title={orderId}>
      {orderNumber}
    </Link>
  );
}
