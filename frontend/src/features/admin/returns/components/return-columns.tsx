/** The admin table of returns: date, order (linking to its page), customer, items and reason, refund, status (and how a refund by hand was paid out), the allowed steps. */
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ReturnStatusBadge } from '@/components/ui/StatusBadge';
import { formatPrice } from '@/lib/format';
import type { OrderReturn } from '@/lib/types';
import { variantLabel } from '@/lib/variants';
import { useMayOpen } from '../../lib/access';
import { columnsOf, Customer, nowrap } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { NO_STEP, RefundPaidOut, ReturnStepButtons, type ReturnSteps } from './ReturnSteps';

const column = columnsOf<OrderReturn>();

/** 'Reason: too small'. */
const reasonText = (reason: string) => t`Reason: ${reason}`;

/** The return's order by its number: a link to the order's page for whoever may open it. */
function OrderRef({ id, number }: { id: string; number: string }) {
  const mayOpen = useMayOpen();
  if (!mayOpen('order')) {
    return (
      <span className="font-mono font-semibold text-stone-900" title={id}>
        {number}
      </span>
    );
  }
  return (
    <Link to={`/admin/orders/${encodeURIComponent(id)}`} className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 hover:underline" title={id}>
      {number}
    </Link>
  );
}

/** `seesMoney`: the person may see what returns refund (`money.read`); without it the server sends no amounts, and there is no Refund column. */
export function returnsTable(steps: Pick<ReturnSteps, 'take' | 'resolve' | 'busyId'>, seesMoney: boolean) {
  return {
    columns: [
      column(t`Date`, (r) => formatDateTime(r.createdAt), nowrap),
      column(t`Order`, (r) => <OrderRef id={r.orderId} number={r.orderNumber} />, { phone: 'title' }),
      column(t`Customer`, (r) => <Customer customer={r.customer} />, { td: 'break-words' }),
      column(t`Items`, (r) => (
        <>
          <ul className="space-y-1">
            {r.lines.map((line) => (
              <li key={line.lineId}>
                {line.name} × {line.quantity}
                {line.variant && <span className="block text-xs text-stone-600">{variantLabel(line.variant)}</span>}
              </li>
            ))}
          </ul>
          <p className="mt-1 line-clamp-2 text-xs break-words text-stone-600" title={r.reason}>
            {reasonText(r.reason)}
          </p>
        </>
      ), { td: 'max-w-72' }),
      ...(seesMoney ? [column(t`Refund`, (r) => formatPrice(r.refundAmount), { td: 'font-semibold whitespace-nowrap' })] : []),
      column(t`Status`, (r) => (
        <>
          <ReturnStatusBadge status={r.status} />
          <RefundPaidOut ret={r} className="mt-1 text-xs text-stone-600" />
        </>
      ), { phone: 'aside' }),
      column(t`Actions`, (r) => <ReturnStepButtons ret={r} steps={steps} none={NO_STEP} />, { phone: 'actions' }),
    ],
    rowProps: () => ({ 'data-testid': 'return-row' }),
    width: 'w-full min-w-[56rem]',
  };
}
