/** The cells of the admin order table that only it draws: the payment warnings, the discount, the actions, the details row. */
import { OrderItems } from '@/components/ui/OrderItems';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { formatPrice } from '@/lib/format';
import { paymentMethodName } from '@/lib/payment-methods';
import { useCan } from '@/lib/permissions';
import type { Order } from '@/lib/types';
import { paymentLine } from '../../lib/payment';
import { ActionButton, NoValue } from '../../lib/table';

/** Placed but never confirmed by the payment provider: the admin has to check and decide. */
export function AwaitingPaymentBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400"
      title="The payment provider did not confirm this payment"
    >
      <span aria-hidden="true">⚠</span> Payment pending
      <span className="sr-only"> (not confirmed by the payment provider)</span>
    </span>
  );
}

/** Canceled because its payment stayed unconfirmed past the hold: the provider may still have the money. */
export function HoldExpiredBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-rose-100 px-2.5 py-0.5 text-xs font-semibold text-rose-950 ring-1 ring-rose-400"
      title="The payment was never confirmed, so the order was canceled and its items went back on sale"
    >
      <span aria-hidden="true">⏱</span> Hold expired
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
      {order.paymentPhone && <span className="block text-xs break-all text-stone-600">{order.paymentPhone}</span>}
    </>
  );
}

/** What Details opens below an order's row: the delivery address, the items and the payment's references. */
export function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 bg-stone-50 px-4 py-4 text-sm sm:grid-cols-2">
      <div>
        <h2 className="font-semibold text-stone-900">Delivery address</h2>
        {a ? (
          <ShippingAddressText address={a} className="mt-1 text-stone-700" />
        ) : (
          <p className="mt-1 text-stone-600">No delivery address given</p>
        )}
      </div>
      <div>
        <h2 className="font-semibold text-stone-900">Items</h2>
        <OrderItems lines={order.products} className="mt-1 text-stone-700" />
        <p className="mt-2 text-stone-600">{paymentLine(order)}</p>
        {order.transactionId && <p className="text-stone-600">Transaction: {order.transactionId}</p>}
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
  const short = order._id.slice(0, 8);
  const mayUpdate = useCan()('orders.update');
  return (
    <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
      {mayUpdate && (
        <ActionButton kind="primary" className={stacked} label="Update Status" target={`of order ${short}`} onClick={() => onUpdateStatus(order)} />
      )}
      {mayUpdate && order.awaitingPayment && (
        <ActionButton kind="warning" className={stacked} label="Mark as paid" target={`order ${short}`} onClick={() => onMarkPaid(order)} />
      )}
      <ActionButton
        kind="neutral"
        className={stacked}
        label={details.open ? 'Hide details' : 'Details'}
        target={`of order ${short}`}
        aria-expanded={details.open}
        aria-controls={details.id}
        onClick={details.toggle}
      />
    </div>
  );
}
