import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { OrderItems } from '@/components/ui/OrderItems';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { OrderStatusBadge, PaymentStatusBadge, shopperOrderStatus } from '@/components/ui/StatusBadge';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate, formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { useOrders } from '@/lib/api/orders';
import { paidWith } from '@/payments/paid';

export function itemCount(order: Order): number {
  return order.products.reduce((n, l) => n + (l.quantity || 0), 0);
}

function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  const number = order._id;
  return (
    <div className="grid gap-4 bg-stone-50 p-4 text-sm sm:grid-cols-2">
      <p className="break-all text-stone-600 sm:col-span-2">
        <Trans>
          Order number: <span className="font-mono text-stone-900">{number}</span>
        </Trans>
      </p>
      <div>
        <p className="font-semibold">
          <Trans>Delivery address</Trans>
        </p>
        {a ? (
          <ShippingAddressText address={a} className="mt-1 text-stone-700" />
        ) : (
          <p className="mt-1 text-stone-600">
            <Trans>No delivery address recorded.</Trans>
          </p>
        )}
        <p className="mt-3 flex flex-wrap items-center gap-2">
          <span data-testid="paid-with">{paidWith(order)}</span>
          {order.paymentStatus && <PaymentStatusBadge status={order.paymentStatus} />}
        </p>
      </div>
      <div>
        <p className="font-semibold">
          <Trans>Items</Trans>
        </p>
        <OrderItems lines={order.products} className="mt-1 text-stone-700" />
        {typeof order.subtotal === 'number' && (
          <dl className="mt-2 space-y-0.5 border-t border-stone-200 pt-2 text-stone-700">
            <div className="flex justify-between">
              <dt>
                <Trans>Subtotal</Trans>
              </dt>
              <dd>{formatPrice(order.subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>
                <Trans>Shipping</Trans>
              </dt>
              <dd>{formatPrice(order.shippingFee)}</dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex items-center justify-between gap-4 py-1 sm:table-cell sm:whitespace-nowrap sm:px-4 sm:py-1">
      <span className="text-xs font-semibold uppercase tracking-wider text-stone-500 sm:hidden">{label}</span>
      <span>{children}</span>
    </td>
  );
}

/** The shopper's orders; fetched again every time this mounts (each time the tab opens). */
export function OrderHistory() {
  const { t } = useLingui();
  const orders = useOrders();
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (orders.isError) toast.error(errorMessage(orders.error, t`Failed to fetch orders`), { toastId: 'orders' });
  }, [orders.isError, orders.error, t]);

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-bold">
        <Trans>Order History</Trans>
      </h2>
      {orders.isPending ? (
        <PageLoading text={t`Loading orders...`} />
      ) : orders.isError && !orders.data ? (
        <RetryAlert className="mt-4" onRetry={() => void orders.refetch()}>
          <Trans>Failed to fetch orders</Trans>
        </RetryAlert>
      ) : (orders.data ?? []).length === 0 ? (
        <p className="py-10 text-center text-stone-600">
          <Trans>You haven&apos;t placed any orders yet.</Trans>
        </p>
      ) : (
        <div className="relative mt-4 overflow-hidden rounded-xl ring-1 ring-stone-200">
          <table className="w-full bg-white text-sm">
            <thead className="hidden bg-stone-50 text-left text-xs font-semibold uppercase tracking-wider text-stone-600 sm:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3">
                  <Trans>Order ID</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Total</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Items</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Deliver to</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">
                    <Trans>Details</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {(orders.data ?? []).map((o) => {
                const n = itemCount(o);
                const expanded = open === o._id;
                return (
                  <Fragment key={o._id}>
                    {/* On phones each row is a small card; from sm up, a table row. */}
                    <tr className="block px-4 py-3 sm:table-row sm:p-0">
                      <Cell label={t`Order ID`}>
                        <Link to={`/orders/${encodeURIComponent(o._id)}`} className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-700 hover:underline" title={o._id}>
                          {orderNumber(o)}
                        </Link>
                      </Cell>
                      <Cell label={t`Date`}>{formatLongDate(o.createdAt)}</Cell>
                      <Cell label={t`Total`}>
                        <span className="font-semibold">{formatPrice(o.totalAmount)}</span>
                      </Cell>
                      <Cell label={t`Status`}>
                        <OrderStatusBadge status={shopperOrderStatus(o)} />
                      </Cell>
                      <Cell label={t`Items`}>{plural(n, { one: '# item', other: '# items' })}</Cell>
                      <Cell label={t`Deliver to`}>
                        {o.shippingAddress
                          ? [o.shippingAddress.district, o.shippingAddress.city].filter(Boolean).join(', ')
                          : '—'}
                      </Cell>
                      <td className="block pt-1 text-right sm:table-cell sm:px-4 sm:py-1">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={`order-${o._id}`}
                          onClick={() => setOpen(expanded ? null : o._id)}
                          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                        >
                          {expanded ? t`Hide` : t`Details`}
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr id={`order-${o._id}`} className="block sm:table-row">
                        <td colSpan={7} className="block p-0 sm:table-cell">
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
