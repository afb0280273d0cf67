/** Admin orders (/admin/orders): a server-paged list with search, filters and sort in the URL, delivery details on demand, the status update, and New order (an order taken by phone) for whoever may take one. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { toast } from '@/lib/toast';
import { useMarkOrderPaid, useUpdateOrderStatus } from '@/lib/api/orders';
import { useCan } from '@/lib/permissions';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { ordersList } from '../../lib/api/order-list';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { DATE_OPTIONS, methodOptions, PAYMENT_OPTIONS, SORT_OPTIONS, STATUS_OPTIONS } from '../list';
import { MarkPaidDialog } from './MarkPaidDialog';
import { ordersTable, showsTotals } from './order-columns';
import { PaymentNotices } from './PaymentNotices';
import { UpdateStatusModal } from './UpdateStatusModal';

export default function OrdersPage() {
  const { t } = useLingui();
  usePageTitle(t`Orders`);
  const list = useAdminList(ordersList);
  const can = useCan();
  const { filters, setFilter } = list;
  const [updating, setUpdating] = useState<Order | null>(null);
  const [markingPaid, setMarkingPaid] = useState<Order | null>(null);
  const [announce, setAnnounce] = useState('');

  const update = useUpdateOrderStatus({
    onSuccess: () => {
      toast.success(t`Order status updated successfully`);
      setAnnounce(t`Order status updated`);
      setUpdating(null);
    },
    onError: (err) => {
      logError('Failed to update order status', err);
      toast.error(adminErrorMessage(err, t`Failed to update order status`));
    },
  });

  const markPaid = useMarkOrderPaid({
    onSuccess: () => {
      const marked = t`Payment marked as paid`;
      toast.success(marked);
      setAnnounce(marked);
      setMarkingPaid(null);
    },
    onError: (err) => {
      logError('Failed to mark the payment as paid', err);
      toast.error(adminErrorMessage(err, t`Failed to mark the payment as paid`));
    },
  });

  return (
    <section>
      <PageHeader
        title={t`Orders`}
        actions={
          can('orders.create') && (
            <Link to="/admin/orders/new" className={btn.primary}>
              {t`New order`}
            </Link>
          )
        }
      />
      <ListFilters
        list={list}
        label={t`Filter orders`}
        search={{ label: t`Search orders`, placeholder: t`Order number, customer name, email or phone` }}
        selects={[
          { filter: 'status', label: t`Status`, options: STATUS_OPTIONS },
          { filter: 'paymentStatus', label: t`Payment`, options: PAYMENT_OPTIONS },
          { filter: 'paymentMethod', label: t`Method`, options: methodOptions() },
          { filter: 'date', label: t`Date`, options: DATE_OPTIONS },
          // Sorting by total ranks what the person may not see: the server refuses it without money.read.
          { filter: 'sort', label: t`Sort by`, options: can('money.read') ? SORT_OPTIONS : SORT_OPTIONS.filter((o) => o.value !== 'total') },
        ]}
        sortDir="dir"
      />
      <PaymentNotices only={filters.paymentStatus} onOnly={(v) => setFilter('paymentStatus', v)} />
      <p role="status" className="sr-only">
        {announce}
      </p>
      <ListTable
        list={list}
        name={t`Orders`}
        loading={t`Loading orders...`}
        empty={
          <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
            {t`No orders found matching your criteria`}
          </p>
        }
        {...ordersTable({ onUpdateStatus: setUpdating, onMarkPaid: setMarkingPaid, seesMoney: showsTotals(can('money.read'), list.rows) })}
      />
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
