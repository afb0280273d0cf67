/** The cells of the admin order table that only it draws: the payment warnings, the discount, the actions, the details row. */
import { Trans, useLingui } from '@lingui/react/macro';
import { OrderItems } from '@/components/ui/OrderItems';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { formatPrice, orderNumber } from '@/lib/format';
import { paymentLine } from '@/payments/admin/texts';
import { paymentMethodName } from '@/payments/names';
import { useCan } from '@/lib/permissions';
import type { Order, PaymentWait } from '@/lib/types';
import { ActionButton, NoValue } from '../../lib/table';
import { formatPhone } from '@/lib/phone-format';

/**
 * What an open order's payment waits for, as the server says (`paymentAwaits`): only a charge the
 * provider never confirmed is a warning for the admin to check and decide; cash waits for its
 * rider, a phone order for its customer.
 */
export function PaymentAwaitsBadge({ awaits }: { awaits: PaymentWait }) {
  if (awaits === 'confirmation') return <AwaitingConfirmationBadge />;
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-950 ring-1 ring-sky-300">
      {awaits === 'rider' ? <Trans>Cash to the rider</Trans> : <Trans>Waiting for the customer</Trans>}
    </span>
  );
}

function AwaitingConfirmationBadge() {
  const { t } = useLingui();
  return (
    <span
      className="inline-flex max-w-full items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400"
      title={t`The payment provider did not confirm this payment`}
    >
      <span aria-hidden="true">⚠</span> <Trans>Payment pending</Trans>
      <span className="sr-only">
        {' '}
        <Trans>(not confirmed by the payment provider)</Trans>
      </span>
    </span>
  );
}

/** Canceled because its payment stayed unconfirmed past the hold: the provider may still have the money. */
export function HoldExpiredBadge() {
  const { t } = useLingui();
  return (
    <span
      className="inline-flex max-w-full items-center gap-1 rounded-full bg-rose-100 px-2.5 py-0.5 text-xs font-semibold text-rose-950 ring-1 ring-rose-400"
      title={t`The payment was never confirmed, so the order was canceled and its items went back on sale`}
    >
      <span aria-hidden="true">⏱</span> <Trans>Hold expired</Trans>
    </span>
  );
}

/** The code the order used and what it took off, e.g. 'EID-2026' and '-$6.00'; a dash without one. */
export function OrderDiscount({ order }: { order: Order }) {
  if (!order.discountCode) return <NoValue />;
  return (
    <>
      <span className="block break-all font-mono text-xs font-semibold text-stone-900">{order.discountCode}</span>
      {order.discountAmount ? <span className="text-emerald-800">-{formatPrice(order.discountAmount)}</span> : null}
    </>
  );
}

/** How it was paid: the method's name and the number (a wallet's payer, a card's delivery updates). */
export function OrderPayment({ order }: { order: Order }) {
  return (
    <>
      <span className="block font-semibold text-stone-900">{paymentMethodName(order.paymentMethod)}</span>
      {order.paymentPhone && <span className="block text-xs break-words text-stone-600">{formatPhone(order.paymentPhone)}</span>}
    </>
  );
}

/** What Details opens below an order's row: the delivery address, the items and the payment's references. */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useLingui();
  const a = order.shippingAddress;
  const transaction = order.transactionId;
  return (
    <div className="grid gap-4 bg-stone-50 px-4 py-4 text-sm sm:grid-cols-2">
      <div>
        <h2 className="font-semibold text-stone-900">
          <Trans>Delivery address</Trans>
        </h2>
        {a ? (
          <ShippingAddressText address={a} className="mt-1 text-stone-700" />
        ) : (
          <p className="mt-1 text-stone-600">
            <Trans>No delivery address given</Trans>
          </p>
        )}
      </div>
      <div>
        <h2 className="font-semibold text-stone-900">
          <Trans>Items</Trans>
        </h2>
        <OrderItems lines={order.products} className="mt-1 text-stone-700" />
        <p className="mt-2 text-stone-600">{paymentLine(order)}</p>
        {transaction && <p className="text-stone-600">{t`Transaction: ${transaction}`}</p>}
      </div>
    </div>
  );
}

// The buttons stand one under another, their text lined up with the cell's.
const stacked = '-ml-2.5';

/** Update Status and Mark as paid (while the payment is unconfirmed) for whoever may update orders, and the Details toggle. */
export function OrderActions({
  order,
  details,
  onUpdateStatus,
  onMarkPaid,
}: {
  order: Order;
  /** The row below with the order's details: its id, whether it is open, and what opens or closes it. */
  details: { id: string; open: boolean; toggle: () => void };
  onUpdateStatus: (order: Order) => void;
  onMarkPaid: (order: Order) => void;
}) {
  const { t } = useLingui();
  const short = orderNumber(order);
  const mayUpdate = useCan()('orders.update');
  return (
    // The buttons' words wrap within the column (Somali's are long): none spills past the table's edge.
    <div className="flex max-w-full flex-col items-start gap-0.5 *:max-w-full *:text-left">
      {mayUpdate && (
        <ActionButton kind="primary" className={stacked} label={t`Update Status`} target={t`of order ${short}`} onClick={() => onUpdateStatus(order)} />
      )}
      {mayUpdate && order.awaitingPayment && (
        <ActionButton kind="warning" className={stacked} label={t`Mark as paid`} target={t`order ${short}`} onClick={() => onMarkPaid(order)} />
      )}
      <ActionButton
        kind="neutral"
        className={stacked}
        label={details.open ? t`Hide details` : t`Details`}
        target={t`of order ${short}`}
        aria-expanded={details.open}
        aria-controls={details.id}
        onClick={details.toggle}
      />
    </div>
  );
}
