/**
 * The dispatch table: a checkbox to pick the order (on the tabs whose orders may go out), the
 * order (linking to its page for whoever reads orders) and its date, the customer and phone, the
 * address with its landmark, the cash to collect, the rider and attempts, and 'Reset code' when
 * five wrong codes locked it.
 */
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { failureReasonLabel } from '@/lib/delivery';
import { formatPrice, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';
import { ActionButton, Badge, columnsOf, NoValue, tone } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { formatPhone } from '@/lib/phone-format';

const column = columnsOf<Order>();

/** Whether the order is paid in cash on delivery and not paid yet: the rider collects it. */
export const collectsCash = (o: Order) => o.paymentMethod === 'cash-on-delivery' && o.paymentStatus !== 'paid';

/** The cash to collect: the amount for whoever sees amounts, else a 'Cash' badge; a dash for an order paid already. */
export function CashCell({ order }: { order: Order }) {
  if (!collectsCash(order)) return <NoValue />;
  if (typeof order.totalAmount === 'number') {
    return <span className="font-semibold text-amber-900">{formatPrice(order.totalAmount)}</span>;
  }
  return (
    <Badge colour={tone.amber} testId="cash-badge">
      {t`Cash`}
    </Badge>
  );
}

export function deliveriesTable({
  selectable,
  selected,
  onSelect,
  linkOrders,
  onResetCode,
  resetting,
}: {
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (order: Order, on: boolean) => void;
  linkOrders: boolean;
  onResetCode: (order: Order) => void;
  resetting: string | null;
}) {
  return {
    columns: [
      ...(selectable
        ? [
            column(t`Select`, (o) => {
              const order = orderNumber(o);
              // The label is the 44 px tap target round the box; its negative margin keeps the box where it was.
              return (
                <label className="-m-3 inline-flex h-11 w-11 cursor-pointer items-center justify-center">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-700"
                    aria-label={t`Select order ${order}`}
                    checked={selected.has(o._id)}
                    onChange={(e) => onSelect(o, e.target.checked)}
                  />
                </label>
              );
            }, { th: 'w-16', phone: 'aside' }),
          ]
        : []),
      column(t`Order`, (o) => (
        <>
          {linkOrders ? (
            <Link to={`/admin/orders/${encodeURIComponent(o._id)}`} className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 hover:underline">
              {orderNumber(o)}
            </Link>
          ) : (
            <span className="font-mono font-semibold">{orderNumber(o)}</span>
          )}
          <span className="mt-1 block text-xs text-stone-600">{formatDateTime(o.createdAt)}</span>
        </>
      ), { th: 'w-36', cell: (o) => ({ title: o._id }), phone: 'title' }),
      column(t`Customer`, (o) => (
        <>
          <p className="font-medium text-stone-900">{o.shippingAddress?.fullName || o.userId?.name || t`Unknown`}</p>
          {o.shippingAddress?.phone && <p className="text-stone-600">{formatPhone(o.shippingAddress.phone)}</p>}
        </>
      ), { td: 'break-words' }),
      column(t`Address`, (o) => {
        const a = o.shippingAddress;
        if (!a) return <NoValue />;
        const landmark = a.landmark;
        return (
          <>
            <p>{a.addressLine}</p>
            <p>{a.district ? `${a.district}, ${a.city}` : a.city}</p>
            {landmark && <p className="font-medium text-brand-800">{t`Landmark: ${landmark}`}</p>}
          </>
        );
      }, { td: 'break-words' }),
      column(t`Cash to collect`, (o) => <CashCell order={o} />, { th: 'w-32', cell: () => ({ 'data-testid': 'cash-to-collect' }) }),
      column(t`Rider`, (o) => {
        const d = o.delivery;
        if (!d) return <NoValue />;
        const last = d.attempts.at(-1);
        const reason = last ? failureReasonLabel(last.reason) : '';
        return (
          <>
            <p className="font-medium">{d.riderName}</p>
            {last && (
              <p className="text-xs text-stone-600">
                {t`Not delivered: ${reason}`} ({formatDateTime(last.at)})
              </p>
            )}
            {d.codeLocked && (
              <Badge colour={tone.red} testId="code-locked">
                {t`Code locked`}
              </Badge>
            )}
          </>
        );
      }, { th: 'w-44' }),
      column(t`Actions`, (o) =>
        o.delivery?.codeLocked && o.status === 'shipped' ? (
          <ActionButton
            kind="warning"
            label={t`Reset code`}
            target={orderNumber(o)}
            aria-disabled={resetting === o._id || undefined}
            onClick={() => resetting !== o._id && onResetCode(o)}
          />
        ) : (
          <NoValue />
        ),
      { th: 'w-32', phone: 'actions' }),
    ],
    rowProps: (o: Order) => ({ 'data-testid': 'delivery-row', className: selected.has(o._id) ? 'bg-brand-50/60' : undefined }),
    width: 'w-full min-w-[56rem] table-fixed',
    narrow: true,
  };
}
