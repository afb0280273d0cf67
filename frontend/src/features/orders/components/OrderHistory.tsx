import { Fragment, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate, formatPrice, pluralize, shortOrderId } from '@/lib/format';
import type { Order } from '@/lib/types';
import { useOrders } from '../api/orders';

export function itemCount(order: Order): number {
  return order.products.reduce((n, l) => n + (l.quantity || 0), 0);
}

function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 bg-stone-50 p-4 text-sm sm:grid-cols-2">
      <div>
        <p className="font-semibold">Delivery address</p>
        {a ? (
          <address className="mt-1 not-italic text-stone-700">
            {a.fullName}
            <br />
            {a.addressLine}
            <br />
            {[a.district, a.city].filter(Boolean).join(', ')}
            <br />
            {a.phone}
          </address>
        ) : (
          <p className="mt-1 text-stone-600">No delivery address recorded.</p>
        )}
        {order.paymentStatus && (
          <p className="mt-3">
            <PaymentStatusBadge status={order.paymentStatus} />
          </p>
        )}
      </div>
      <div>
        <p className="font-semibold">Items</p>
        <ul className="mt-1 space-y-1 text-stone-700">
          {order.products.map((l, i) => (
            <li key={i} className="flex justify-between gap-3">
              <span>
                {l.name ?? l.productId?.name ?? 'Product'} × {l.quantity}
              </span>
              {typeof l.lineTotal === 'number' && <span>{formatPrice(l.lineTotal)}</span>}
            </li>
          ))}
        </ul>
        {typeof order.subtotal === 'number' && (
          <dl className="mt-2 space-y-0.5 border-t border-stone-200 pt-2 text-stone-700">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>{formatPrice(order.shippingFee)}</dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}

/** The shopper's orders; fetched again every time this mounts (each time the tab opens). */
export function OrderHistory() {
  const orders = useOrders();
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (orders.isError) toast.error(errorMessage(orders.error, 'Failed to fetch orders'), { toastId: 'orders' });
  }, [orders.isError, orders.error]);

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-bold">
        Order History
      </h2>
      {orders.isPending ? (
        <PageLoading text="Loading orders..." />
      ) : (orders.data ?? []).length === 0 ? (
        <p className="py-10 text-center text-stone-600">You haven&apos;t placed any orders yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl ring-1 ring-stone-200">
          <table className="min-w-full divide-y divide-stone-200 bg-white text-sm">
            <thead className="bg-stone-50 text-left text-xs font-semibold uppercase tracking-wider text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-3">Order ID</th>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">Total</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">Items</th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {(orders.data ?? []).map((o) => {
                const n = itemCount(o);
                const expanded = open === o._id;
                return (
                  <Fragment key={o._id}>
                    <tr>
                      <td className="whitespace-nowrap px-4 py-3 font-mono" title={o._id}>
                        {shortOrderId(o._id)}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">{formatLongDate(o.createdAt)}</td>
                      <td className="whitespace-nowrap px-4 py-3 font-semibold">{formatPrice(o.totalAmount)}</td>
                      <td className="px-4 py-3">
                        <OrderStatusBadge status={o.status} />
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">{pluralize(n, 'item', 'items')}</td>
                      <td className="px-4 py-3 text-right">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={`order-${o._id}`}
                          onClick={() => setOpen(expanded ? null : o._id)}
                          className="font-semibold text-brand-700 hover:underline"
                        >
                          {expanded ? 'Hide' : 'Details'}
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr id={`order-${o._id}`}>
                        <td colSpan={6} className="p-0">
                          <OrderDetails order={o} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
