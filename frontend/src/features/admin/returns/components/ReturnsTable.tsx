/** The admin table of returns: date, order (linking to its page), customer, items and reason, refund, status, the allowed steps. */
import { Link } from 'react-router';
import { ReturnStatusBadge } from '@/components/ui/StatusBadge';
import { formatPrice, shortOrderId } from '@/lib/format';
import type { OrderReturn } from '@/lib/types';
import { variantLabel } from '@/lib/variants';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatDateTime } from '../../lib/ui';
import { NO_STEP, ReturnStepButtons, type ReturnSteps } from './ReturnSteps';

export function ReturnsTable({
  returns,
  steps,
}: {
  returns: OrderReturn[];
  steps: Pick<ReturnSteps, 'take' | 'resolve' | 'busyId'>;
}) {
  return (
    <ScrollableTable name="Returns" className={`mt-6 ${admin.tableWrap}`} tableClassName={`${admin.tableRows} w-full min-w-[56rem]`}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={admin.th}>Date</th>
          <th scope="col" className={admin.th}>Order</th>
          <th scope="col" className={admin.th}>Customer</th>
          <th scope="col" className={admin.th}>Items</th>
          <th scope="col" className={admin.th}>Refund</th>
          <th scope="col" className={admin.th}>Status</th>
          <th scope="col" className={admin.th}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {returns.map((r) => (
          <tr key={r._id} data-testid="return-row">
            <td className={`${admin.td} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
            <td className={admin.td}>
              <Link
                to={`/admin/orders/${encodeURIComponent(r.orderId)}`}
                className="font-mono font-semibold text-brand-800 hover:underline"
                title={r.orderId}
              >
                {shortOrderId(r.orderId)}
              </Link>
            </td>
            <td className={`${admin.td} break-words`}>
              <p className="font-medium text-stone-900">{r.customer?.name || 'Unknown'}</p>
              <p className="text-stone-600">{r.customer?.email || 'No email'}</p>
            </td>
            <td className={`${admin.td} max-w-72`}>
              <ul className="space-y-1">
                {r.lines.map((line) => (
                  <li key={line.lineId}>
                    {line.name} × {line.quantity}
                    {line.variant && <span className="block text-xs text-stone-600">{variantLabel(line.variant)}</span>}
                  </li>
                ))}
              </ul>
              <p className="mt-1 line-clamp-2 text-xs break-words text-stone-600" title={r.reason}>
                Reason: {r.reason}
              </p>
            </td>
            <td className={`${admin.td} font-semibold whitespace-nowrap`}>{formatPrice(r.refundAmount)}</td>
            <td className={admin.td}>
              <ReturnStatusBadge status={r.status} />
            </td>
            <td className={admin.td}>
              <ReturnStepButtons ret={r} steps={steps} none={NO_STEP} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
