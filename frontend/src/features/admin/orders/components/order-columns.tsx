/** The admin order table: short id (linking to the order's page), customer, date, total, discount code, payment method and number, status and payment badges, actions, details on demand. */
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { columnsOf, Customer } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { HoldExpiredBadge, PaymentAwaitsBadge, OrderActions, OrderDetails, OrderDiscount, OrderPayment } from './OrderCells';

const column = columnsOf<Order>();
const detailsId = (o: Order) => `order-details-${o._id}`;

/** `seesMoney`: the person may see what orders cost (`money.read`); without it the server sends no amounts, and there is no Total column. */
export function ordersTable({
  onUpdateStatus,
  onMarkPaid,
  seesMoney,
}: {
  onUpdateStatus: (order: Order) => void;
  onMarkPaid: (order: Order) => void;
  seesMoney: boolean;
}) {
  return {
    columns: [
      column(t`Order ID`, (o) => (
        <>
          <Link to={`/admin/orders/${encodeURIComponent(o._id)}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
            <span data-testid="order-id">{orderNumber(o)}</span>
          </Link>
          <span className="mt-1 block font-sans text-xs text-stone-600 2xl:hidden">{formatDateTime(o.createdAt)}</span>
        </>
      ), { th: 'w-40', td: 'font-mono', cell: (o) => ({ title: o._id }), phone: 'title' }),
      column(t`Customer`, (o) => <Customer customer={o.userId} />, { td: 'break-words' }),
      column(t`Date`, (o) => formatDateTime(o.createdAt), { th: 'hidden w-48 2xl:table-cell', td: 'hidden 2xl:table-cell', phone: 'hidden' }),
      ...(seesMoney ? [column(t`Total`, (o) => formatPrice(o.totalAmount), { th: 'w-24', td: 'font-semibold' })] : []),
      column(t`Discount`, (o) => <OrderDiscount order={o} />, { th: 'w-32', cell: () => ({ 'data-testid': 'order-discount' }) }),
      column(t`Payment`, (o) => <OrderPayment order={o} />, { th: 'w-36', cell: () => ({ 'data-testid': 'order-payment' }) }),
      column(t`Status`, (o) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={o.status} />
          {o.paymentAwaits ? <PaymentAwaitsBadge awaits={o.paymentAwaits} /> : o.paymentStatus && <PaymentStatusBadge status={o.paymentStatus} />}
          {o.holdExpiredAt && <HoldExpiredBadge />}
        </div>
      ), { th: 'w-44', phone: 'aside' }),
      column(t`Actions`, (o, row) => (
        <OrderActions
          order={o}
          details={{ id: detailsId(o), open: row.getIsExpanded(), toggle: () => row.toggleExpanded() }}
          onUpdateStatus={onUpdateStatus}
          onMarkPaid={onMarkPaid}
        />
      ), { th: 'w-36', phone: 'actions' }),
    ],
    rowProps: (o: Order) => ({ 'data-testid': 'order-row', className: o.awaitingPayment ? 'bg-amber-50/60' : undefined }),
    details: { id: detailsId, render: (o: Order) => <OrderDetails order={o} /> },
    width: 'w-full min-w-[60rem] table-fixed',
    narrow: true,
  };
}
