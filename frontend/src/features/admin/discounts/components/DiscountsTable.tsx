/** The admin table of discount codes: code, what it takes off, minimum, dates, uses, status, actions. */
import { formatPrice } from '@/lib/format';
import type { Discount } from '@/lib/types';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin, formatDateTime } from '../../lib/ui';
import { describeDiscount, discountStatus, usesText, type DiscountStatus } from '../discount-form';

const STATUS_STYLES: Record<DiscountStatus, string> = {
  Active: 'bg-green-100 text-green-900 ring-green-300',
  Scheduled: 'bg-blue-100 text-blue-900 ring-blue-300',
  'Used up': 'bg-amber-100 text-amber-950 ring-amber-400',
  Expired: 'bg-red-100 text-red-900 ring-red-300',
  Inactive: 'bg-stone-100 text-stone-800 ring-stone-300',
};

function StatusBadge({ status }: { status: DiscountStatus }) {
  return (
    <span data-testid="discount-status" className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`}>
      {status}
    </span>
  );
}

/** When it can be used: from and until, either may be open; 'Any time' without dates. */
function ValidDates({ startsAt, endsAt }: Pick<Discount, 'startsAt' | 'endsAt'>) {
  if (!startsAt && !endsAt) return <span className="text-stone-600">Any time</span>;
  return (
    <>
      {startsAt && <span className="block whitespace-nowrap">From {formatDateTime(startsAt)}</span>}
      {endsAt && <span className="block whitespace-nowrap">Until {formatDateTime(endsAt)}</span>}
    </>
  );
}

export function DiscountsTable({
  discounts,
  switching,
  onEdit,
  onSwitchActive,
  onDelete,
}: {
  discounts: Discount[];
  /** The id of the code being activated or deactivated, if any. */
  switching: string | null;
  onEdit: (discount: Discount) => void;
  onSwitchActive: (discount: Discount) => void;
  onDelete: (discount: Discount) => void;
}) {
  return (
    <ScrollableTable name="Discount codes" className={`mt-6 ${admin.tableWrap}`} tableClassName={admin.table}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className={admin.th}>Code</th>
          <th scope="col" className={admin.th}>Discount</th>
          <th scope="col" className={admin.th}>Minimum</th>
          <th scope="col" className={admin.th}>Valid</th>
          <th scope="col" className={admin.th}>Uses</th>
          <th scope="col" className={admin.th}>Status</th>
          <th scope="col" className={admin.th}>Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {discounts.map((d) => (
          <tr key={d._id} data-testid="discount-row">
            <td className={`${admin.td} font-mono font-semibold text-stone-900`}>{d.code}</td>
            <td className={`${admin.td} whitespace-nowrap`}>{describeDiscount(d)}</td>
            <td className={`${admin.td} whitespace-nowrap`}>{d.minSubtotal === null ? 'None' : formatPrice(d.minSubtotal)}</td>
            <td className={admin.td}>
              <ValidDates startsAt={d.startsAt} endsAt={d.endsAt} />
            </td>
            <td className={`${admin.td} whitespace-nowrap`}>
              <span data-testid="discount-uses">{usesText(d)}</span>
              {d.perCustomerLimit !== null && <span className="block text-stone-600">{d.perCustomerLimit} per customer</span>}
            </td>
            <td className={admin.td}>
              <StatusBadge status={discountStatus(d)} />
            </td>
            <td className={admin.td}>
              <div className="flex flex-wrap gap-1">
                <button type="button" className={`${admin.action} text-brand-800 hover:bg-brand-50`} onClick={() => onEdit(d)}>
                  Edit <span className="sr-only">{d.code}</span>
                </button>
                <button
                  type="button"
                  className={`${admin.action} text-stone-700 hover:bg-stone-100`}
                  disabled={switching === d._id}
                  onClick={() => onSwitchActive(d)}
                >
                  {d.active ? 'Deactivate' : 'Activate'} <span className="sr-only">{d.code}</span>
                </button>
                <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => onDelete(d)}>
                  Delete <span className="sr-only">{d.code}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
