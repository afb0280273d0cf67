/** Admin orders (/admin/orders): a server-paged list with search, filters and sort in the URL, delivery details on demand and the status update. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useMarkOrderPaid, useUpdateOrderStatus } from '@/lib/api/orders';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { FilterBar, SortDirButton } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { FilterSelect, ListView, SearchField, useAdminList } from '../../lib/list';
import { admin } from '../../lib/ui';
import { DATE_OPTIONS, ordersList, PAYMENT_OPTIONS, SORT_OPTIONS, STATUS_OPTIONS } from '../list';
import { MarkPaidDialog } from './MarkPaidDialog';
import { OrdersTable } from './OrdersTable';
import { PaymentNotices } from './PaymentNotices';
import { UpdateStatusModal } from './UpdateStatusModal';

export const MARKED_PAID = 'Payment marked as paid';

export default function OrdersPage() {
  usePageTitle('Orders');
  const list = useAdminList(ordersList);
  const { filters, setFilter } = list;
  const [updating, setUpdating] = useState<Order | null>(null);
  const [markingPaid, setMarkingPaid] = useState<Order | null>(null);
  const [announce, setAnnounce] = useState('');

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

  return (
    <section>
      <h1 className={admin.pageTitle}>Orders</h1>
      <FilterBar label="Filter orders">
        <SearchField
          label="Search orders"
          placeholder="Order ID, customer name, email or phone"
          value={filters.q}
          onSearch={(q) => setFilter('q', q, { replace: true })}
          className="sm:col-span-2 lg:min-w-64 lg:flex-1"
        />
        <FilterSelect label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(v) => setFilter('status', v)} />
        <FilterSelect label="Payment" value={filters.paymentStatus} options={PAYMENT_OPTIONS} onChange={(v) => setFilter('paymentStatus', v)} />
        <FilterSelect label="Date" value={filters.date} options={DATE_OPTIONS} onChange={(v) => setFilter('date', v)} />
        <FilterSelect label="Sort by" value={filters.sort} options={SORT_OPTIONS} onChange={(v) => setFilter('sort', v)} />
        <SortDirButton dir={filters.dir} onToggle={() => setFilter('dir', filters.dir === 'asc' ? 'desc' : 'asc')} />
      </FilterBar>
      <PaymentNotices only={filters.paymentStatus} onOnly={(v) => setFilter('paymentStatus', v)} />
      <p role="status" className="sr-only">
        {announce}
      </p>
      <ListView
        list={list}
        label="Orders"
        loading="Loading orders..."
        empty={
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
            No orders found matching your criteria
          </p>
        }
      >
        {(rows) => <OrdersTable orders={rows} onUpdateStatus={setUpdating} onMarkPaid={setMarkingPaid} />}
      </ListView>
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
