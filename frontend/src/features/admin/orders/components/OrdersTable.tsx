/** The admin order table: short id (linking to the order's page), customer, date, total, discount code, status and payment badges, actions, details on demand. */
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { OrderItems } from '@/components/ui/OrderItems';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { formatPrice, shortOrderId } from '@/lib/format';
import type { Order } from '@/lib/types';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatDateTime } from '../../lib/ui';

// Narrower cells than the other admin tables: the list fits beside the sidebar at 1280 px.
const th = admin.th.replace('px-4', 'px-3');
const td = admin.td.replace('px-4', 'px-3');

/** Placed but never confirmed by the payment provider: the admin has to check and decide. */
function AwaitingPaymentBadge() {
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

/** Canceled because its payment stayed unconfirmed past the hold: EVC Plus may still have the money. */
function HoldExpiredBadge() {
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
function OrderDiscount({ order }: { order: Order }) {
  if (!order.discountCode) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </>
    );
  }
  return (
    <>
      <span className="block break-all font-mono text-xs font-semibold text-stone-900">{order.discountCode}</span>
      {order.discountAmount ? <span className="text-emerald-800">-{formatPrice(order.discountAmount)}</span> : null}
    </>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 bg-stone-50 px-4 py-4 text-sm sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-stone-900">Delivery address</h3>
        {a ? (
          <ShippingAddressText address={a} className="mt-1 text-stone-700" />
        ) : (
          <p className="mt-1 text-stone-600">No delivery address given</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">Items</h3>
        <OrderItems lines={order.products} className="mt-1 text-stone-700" />
        {order.paymentPhone && <p className="mt-2 text-stone-600">EVC Plus: {order.paymentPhone}</p>}
        {order.transactionId && <p className="text-stone-600">Transaction: {order.transactionId}</p>}
      </div>
    </div>
  );
}

export function OrdersTable({
  orders,
  onUpdateStatus,
  onMarkPaid,
}: {
  orders: Order[];
  onUpdateStatus: (order: Order) => void;
  onMarkPaid: (order: Order) => void;
}) {
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ScrollableTable name="Orders" className={`mt-6 ${admin.tableWrap}`} tableClassName={`${admin.tableRows} w-full min-w-[56rem] table-fixed`}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={`${th} w-44`}>Order ID</th>
          <th scope="col" className={th}>Customer</th>
          <th scope="col" className={`${th} hidden w-48 2xl:table-cell`}>Date</th>
          <th scope="col" className={`${th} w-28`}>Total</th>
          <th scope="col" className={`${th} w-32`}>Discount</th>
          <th scope="col" className={`${th} w-48`}>Status</th>
          <th scope="col" className={`${th} w-40`}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {orders.map((o) => {
          const expanded = open.has(o._id);
          const detailsId = `order-details-${o._id}`;
          const awaiting = o.awaitingPayment;
          const short = o._id.slice(0, 8);
          return (
            <Fragment key={o._id}>
              <tr data-testid="order-row" className={awaiting ? 'bg-amber-50/60' : undefined}>
                <td className={`${td} font-mono`} title={o._id}>
                  <Link to={`/admin/orders/${encodeURIComponent(o._id)}`} className="font-semibold text-brand-800 hover:underline">
                    <span data-testid="order-id">{shortOrderId(o._id)}</span>
                  </Link>
                  <span className="mt-1 block font-sans text-xs text-stone-600 2xl:hidden">{formatDateTime(o.createdAt)}</span>
                </td>
                <td className={`${td} break-words`}>
                  <p className="font-medium text-stone-900">{o.userId?.name || 'Unknown'}</p>
                  <p className="text-stone-600">{o.userId?.email || 'No email'}</p>
                </td>
                <td className={`${td} hidden 2xl:table-cell`}>{formatDateTime(o.createdAt)}</td>
                <td className={`${td} font-semibold`}>{formatPrice(o.totalAmount)}</td>
                <td className={td} data-testid="order-discount">
                  <OrderDiscount order={o} />
                </td>
                <td className={td}>
                  <div className="flex flex-col items-start gap-1">
                    <OrderStatusBadge status={o.status} />
                    {awaiting ? <AwaitingPaymentBadge /> : o.paymentStatus && <PaymentStatusBadge status={o.paymentStatus} />}
                    {o.holdExpiredAt && <HoldExpiredBadge />}
                  </div>
                </td>
                <td className={td}>
                  <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
                    <button
                      type="button"
                      className={`${admin.action} -ml-2.5 text-brand-800 hover:bg-brand-50`}
                      onClick={() => onUpdateStatus(o)}
                    >
                      Update Status <span className="sr-only">of order {short}</span>
                    </button>
                    {awaiting && (
                      <button
                        type="button"
                        className={`${admin.action} -ml-2.5 text-amber-900 hover:bg-amber-100`}
                        onClick={() => onMarkPaid(o)}
                      >
                        Mark as paid <span className="sr-only">order {short}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${admin.action} -ml-2.5 text-stone-700 hover:bg-stone-100`}
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      onClick={() => toggle(o._id)}
                    >
                      {expanded ? 'Hide details' : 'Details'} <span className="sr-only">of order {short}</span>
                    </button>
                  </div>
                </td>
              </tr>
              {expanded && (
                <tr id={detailsId}>
                  <td colSpan={7} className="p-0">
                    <OrderDetails order={o} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
