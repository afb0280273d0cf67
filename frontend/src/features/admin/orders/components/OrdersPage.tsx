/** Admin orders (/admin/orders): search, filters, sort, delivery details on demand and the status update. */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { PageLoading } from '@/components/ui/Spinner';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { btn } from '@/components/ui/styles';
import { useAllOrders, useMarkOrderPaid, useUpdateOrderStatus } from '@/features/orders/api/orders';
import { capitalize, formatPrice, pluralize, shortOrderId } from '@/lib/format';
import { isAwaitingPayment } from '@/lib/order';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { TextField, SelectField } from '../../components/fields';
import { FilterBar, SortDirButton } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin, formatDateTime } from '../../lib/ui';
import {
  DATE_RANGE_LABELS,
  defaultOrderFilters,
  filterOrders,
  ORDER_STATUSES,
  type DateRange,
  type OrderFilters,
  type OrderSortKey,
} from '../filter';
import { MarkPaidDialog } from './MarkPaidDialog';
import { UpdateStatusModal } from './UpdateStatusModal';

export const ORDERS_LOAD_FAILED = 'Failed to load orders. Please try again.';
export const MARKED_PAID = 'Payment marked as paid';

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

function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 bg-stone-50 px-4 py-4 text-sm sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-stone-900">Delivery address</h3>
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
          <p className="mt-1 text-stone-600">No delivery address given</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">Items</h3>
        <ul className="mt-1 space-y-1 text-stone-700">
          {order.products.map((line, i) => (
            <li key={i}>
              {line.quantity} × {line.name ?? line.productId?.name ?? 'Unknown'}
              {line.lineTotal != null && <span className="text-stone-600"> — {formatPrice(line.lineTotal)}</span>}
            </li>
          ))}
        </ul>
        {order.paymentPhone && <p className="mt-2 text-stone-600">EVC Plus: {order.paymentPhone}</p>}
        {order.transactionId && <p className="text-stone-600">Transaction: {order.transactionId}</p>}
      </div>
    </div>
  );
}

export default function OrdersPage() {
  usePageTitle('Orders');
  const orders = useAllOrders();
  const [filters, setFilters] = useState<OrderFilters>(defaultOrderFilters);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [updating, setUpdating] = useState<Order | null>(null);
  const [markingPaid, setMarkingPaid] = useState<Order | null>(null);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (orders.isError) {
      logError('Failed to fetch all orders', orders.error);
      toast.error(ORDERS_LOAD_FAILED, { toastId: ORDERS_LOAD_FAILED });
    }
  }, [orders.isError, orders.error]);

  const update = useUpdateOrderStatus({
    onSuccess: () => {
      toast.success('Order status updated successfully');
      setAnnounce('Order status updated');
      setUpdating(null);
    },
    onError: (err) => {
      logError('Failed to update order status', err);
      toast.error(adminErrorMessage(err, 'Failed to update order status'));
    },
  });

  const markPaid = useMarkOrderPaid({
    onSuccess: () => {
      toast.success(MARKED_PAID);
      setAnnounce(MARKED_PAID);
      setMarkingPaid(null);
    },
    onError: (err) => {
      logError('Failed to mark the payment as paid', err);
      toast.error(adminErrorMessage(err, 'Failed to mark the payment as paid'));
    },
  });

  const list = orders.isError ? [] : (orders.data ?? []);
  const shown = useMemo(() => filterOrders(list, filters), [list, filters]);
  const awaitingCount = useMemo(() => list.filter(isAwaitingPayment).length, [list]);
  const holdExpiredCount = useMemo(() => list.filter((o) => o.holdExpiredAt).length, [list]);
  const setFilter = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body;
  if (orders.isPending) {
    body = <PageLoading text="Loading orders..." />;
  } else if (shown.length === 0) {
    body = (
      <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
        No orders found matching your criteria
      </p>
    );
  } else {
    body = (
      <div className={`mt-6 ${admin.tableWrap}`}>
        <table className={`${admin.tableRows} w-full min-w-[48rem] table-fixed`}>
          <caption className="sr-only">Orders</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={`${th} w-44`}>Order ID</th>
              <th scope="col" className={th}>Customer</th>
              <th scope="col" className={`${th} hidden w-48 2xl:table-cell`}>Date</th>
              <th scope="col" className={`${th} w-28`}>Total</th>
              <th scope="col" className={`${th} w-48`}>Status</th>
              <th scope="col" className={`${th} w-40`}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {shown.map((o) => {
              const expanded = open.has(o._id);
              const detailsId = `order-details-${o._id}`;
              const awaiting = isAwaitingPayment(o);
              const short = o._id.slice(0, 8);
              return (
                <Fragment key={o._id}>
                  <tr data-testid="order-row" className={awaiting ? 'bg-amber-50/60' : undefined}>
                    <td className={`${td} font-mono`} title={o._id}>
                      <span data-testid="order-id">{shortOrderId(o._id)}</span>
                      <span className="mt-1 block font-sans text-xs text-stone-600 2xl:hidden">{formatDateTime(o.createdAt)}</span>
                    </td>
                    <td className={`${td} break-words`}>
                      <p className="font-medium text-stone-900">{o.userId?.name || 'Unknown'}</p>
                      <p className="text-stone-600">{o.userId?.email || 'No email'}</p>
                    </td>
                    <td className={`${td} hidden 2xl:table-cell`}>{formatDateTime(o.createdAt)}</td>
                    <td className={`${td} font-semibold`}>{formatPrice(o.totalAmount)}</td>
                    <td className={td}>
                      <div className="flex flex-col items-start gap-1">
                        <OrderStatusBadge status={o.status} />
                        {awaiting ? (
                          <AwaitingPaymentBadge />
                        ) : (
                          o.paymentStatus && <PaymentStatusBadge status={o.paymentStatus} />
                        )}
                        {o.holdExpiredAt && <HoldExpiredBadge />}
                      </div>
                    </td>
                    <td className={td}>
                      <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
                        <button
                          type="button"
                          className={`${admin.action} -ml-2.5 text-brand-800 hover:bg-brand-50`}
                          onClick={() => setUpdating(o)}
                        >
                          Update Status <span className="sr-only">of order {short}</span>
                        </button>
                        {awaiting && (
                          <button
                            type="button"
                            className={`${admin.action} -ml-2.5 text-amber-900 hover:bg-amber-100`}
                            onClick={() => setMarkingPaid(o)}
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
    );
  }

  return (
    <section>
      <h1 className={admin.pageTitle}>Orders</h1>
      {orders.isError && (
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p>{ORDERS_LOAD_FAILED}</p>
          <button type="button" className={btn.secondary} onClick={() => void orders.refetch()}>
            Try Again
          </button>
        </div>
      )}
      <FilterBar label="Filter orders">
        <TextField
          label="Search orders"
          type="search"
          placeholder="Order ID, customer name or email"
          value={filters.q}
          onChange={(e) => setFilter('q', e.target.value)}
          className="sm:col-span-2 lg:min-w-64 lg:flex-1"
        />
        <SelectField label="Status" value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="all">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Date" value={filters.date} onChange={(e) => setFilter('date', e.target.value as DateRange)}>
          {(Object.keys(DATE_RANGE_LABELS) as DateRange[]).map((d) => (
            <option key={d} value={d}>
              {DATE_RANGE_LABELS[d]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort by" value={filters.sortBy} onChange={(e) => setFilter('sortBy', e.target.value as OrderSortKey)}>
          <option value="date">Date</option>
          <option value="total">Total amount</option>
          <option value="status">Status</option>
        </SelectField>
        <SortDirButton dir={filters.dir} onToggle={() => setFilter('dir', filters.dir === 'asc' ? 'desc' : 'asc')} />
      </FilterBar>
      {(awaitingCount > 0 || filters.payment === 'awaiting') && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          <p className="max-w-3xl text-sm">
            <strong>{pluralize(awaitingCount, 'order awaits', 'orders await')} payment.</strong> The payment provider did not
            confirm the payment: check your EVC Plus merchant account, then mark the order as paid or cancel it.
          </p>
          <button
            type="button"
            className={`${btn.secondary} py-2 text-sm`}
            aria-pressed={filters.payment === 'awaiting'}
            onClick={() => setFilter('payment', filters.payment === 'awaiting' ? 'all' : 'awaiting')}
          >
            Show only orders awaiting payment
          </button>
        </div>
      )}
      {(holdExpiredCount > 0 || filters.payment === 'holdExpired') && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-rose-50 p-4 text-rose-950 ring-1 ring-rose-300">
          <p className="max-w-3xl text-sm">
            <strong>{pluralize(holdExpiredCount, 'order was', 'orders were')} canceled unpaid.</strong> Their payment was never
            confirmed in time, so their items went back on sale. Check your EVC Plus merchant account: if the money arrived,
            refund it to the shopper.
          </p>
          <button
            type="button"
            className={`${btn.secondary} py-2 text-sm`}
            aria-pressed={filters.payment === 'holdExpired'}
            onClick={() => setFilter('payment', filters.payment === 'holdExpired' ? 'all' : 'holdExpired')}
          >
            Show only orders whose hold expired
          </button>
        </div>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>
      {body}
      {markingPaid && (
        <MarkPaidDialog
          order={markingPaid}
          busy={markPaid.isPending}
          onCancel={() => setMarkingPaid(null)}
          onConfirm={(transactionId) => markPaid.mutate({ id: markingPaid._id, transactionId })}
        />
      )}
      {updating && (
        <UpdateStatusModal
          order={updating}
          busy={update.isPending}
          onClose={() => setUpdating(null)}
          onSubmit={(status) => update.mutate({ id: updating._id, status })}
        />
      )}
    </section>
  );
}
