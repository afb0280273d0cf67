/** Admin orders (/admin/orders): search, filters, sort, delivery details on demand and the status update. */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { PageLoading } from '@/components/ui/Spinner';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { btn } from '@/components/ui/styles';
import { useAllOrders, useUpdateOrderStatus } from '@/features/orders/api/orders';
import { capitalize, formatPrice, shortOrderId } from '@/lib/format';
import { adminKeys } from '@/lib/query-keys';
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
import { UpdateStatusModal } from './UpdateStatusModal';

export const ORDERS_LOAD_FAILED = 'Failed to load orders. Please try again.';

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
      </div>
    </div>
  );
}

export default function OrdersPage() {
  usePageTitle('Orders');
  const qc = useQueryClient();
  const orders = useAllOrders();
  const [filters, setFilters] = useState<OrderFilters>(defaultOrderFilters);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [updating, setUpdating] = useState<Order | null>(null);
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
      void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (err) => {
      logError('Failed to update order status', err);
      toast.error(adminErrorMessage(err, 'Failed to update order status'));
    },
  });

  const list = orders.isError ? [] : (orders.data ?? []);
  const shown = useMemo(() => filterOrders(list, filters), [list, filters]);
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
        <table className={admin.table}>
          <caption className="sr-only">Orders</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={admin.th}>Order ID</th>
              <th scope="col" className={admin.th}>Customer</th>
              <th scope="col" className={admin.th}>Date</th>
              <th scope="col" className={admin.th}>Total</th>
              <th scope="col" className={admin.th}>Status</th>
              <th scope="col" className={admin.th}>Payment</th>
              <th scope="col" className={admin.th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {shown.map((o) => {
              const expanded = open.has(o._id);
              const detailsId = `order-details-${o._id}`;
              return (
                <Fragment key={o._id}>
                  <tr data-testid="order-row">
                    <td className={`${admin.td} font-mono`} title={o._id}>
                      {shortOrderId(o._id)}
                    </td>
                    <td className={admin.td}>
                      <p className="font-medium text-stone-900">{o.userId?.name || 'Unknown'}</p>
                      <p className="text-stone-600">{o.userId?.email || 'No email'}</p>
                    </td>
                    <td className={`${admin.td} whitespace-nowrap`}>{formatDateTime(o.createdAt)}</td>
                    <td className={`${admin.td} font-semibold`}>{formatPrice(o.totalAmount)}</td>
                    <td className={admin.td}>
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className={`${admin.td} whitespace-nowrap`}>{o.paymentStatus && <PaymentStatusBadge status={o.paymentStatus} />}</td>
                    <td className={admin.td}>
                      <div className="flex gap-1 whitespace-nowrap">
                        <button
                          type="button"
                          className={`${admin.action} text-brand-800 hover:bg-brand-50`}
                          onClick={() => setUpdating(o)}
                        >
                          Update Status <span className="sr-only">of order {o._id.slice(0, 8)}</span>
                        </button>
                        <button
                          type="button"
                          className={`${admin.action} text-stone-700 hover:bg-stone-100`}
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          onClick={() => toggle(o._id)}
                        >
                          {expanded ? 'Hide details' : 'Details'}{' '}
                          <span className="sr-only">of order {o._id.slice(0, 8)}</span>
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
      <p role="status" className="sr-only">
        {announce}
      </p>
      {body}
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
