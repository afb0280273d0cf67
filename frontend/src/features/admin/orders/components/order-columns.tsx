/** The admin order table: short id (linking to the order's page), customer, date, total, discount code, payment method and number, status and payment badges, actions, details on demand. */
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/ui/StatusBadge';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { columnsOf, Customer, NoValue } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { HoldExpiredBadge, PaymentAwaitsBadge, OrderActions, OrderDetails, OrderDiscount, OrderPayment } from './OrderCells';

const column = columnsOf<Order>();
const detailsId = (o: Order) => `order-details-${o._id}`;

/**
 * `seesMoney`: the Total column is drawn. The server sends an order's amounts to whoever reads
 * money (`money.read`) and to the staff member who took it by phone: the page shows the column
 * when the person reads money or any order of the page carries its total (`showsTotals`); an
 * order without one shows a dash.
 */
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
      ...(seesMoney
        ? [column(t`Total`, (o) => (typeof o.totalAmount === 'number' ? formatPrice(o.totalAmount) : <NoValue />), { th: 'w-24', td: 'font-semibold' })]
        : []),
      column(t`Discount`, (o) => <OrderDiscount order={o} />, { th: 'w-32', cell: () => ({ 'data-testid': 'order-discount' }) }),
      column(t`Payment`, (o) => <OrderPayment order={o} />, { th: 'w-36', cell: () => ({ 'data-testid': 'order-payment' }) }),
      column(t`Status`, (o) => (
        // Each badge as wide as the column at most, its words wrapping (Somali's are long), so none spills into Actions.
        <div className="flex min-w-0 flex-col items-start gap-1 *:max-w-full" data-testid="order-badges">
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

/** Whether the Total column is drawn: for whoever reads money, or when an order of the page carries its amounts (one the person took by phone). */
export const showsTotals = (readsMoney: boolean, rows: readonly Pick<Order, 'totalAmount'>[]) =>
  readsMoney || rows.some((o) => typeof o.totalAmount === 'number');
