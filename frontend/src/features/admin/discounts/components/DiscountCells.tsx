/** The cells of the discount code table that only it draws: the status badge and the dates a code is valid. */
import type { Discount } from '@/lib/types';
import { Badge, tone } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { discountStatus, type DiscountStatus } from '../discount-form';

const STATUS_TONES: Record<DiscountStatus, string> = {
  Active: tone.green,
  Scheduled: tone.blue,
  'Used up': tone.amber,
  Expired: tone.red,
  Inactive: tone.grey,
};

export function DiscountStatusBadge({ discount }: { discount: Discount }) {
  const status = discountStatus(discount);
  return (
    <Badge colour={STATUS_TONES[status]} testId="discount-status">
      {status}
    </Badge>
  );
}

/** When it can be used: from and until, either may be open; 'Any time' without dates. */
export function ValidDates({ startsAt, endsAt }: Pick<Discount, 'startsAt' | 'endsAt'>) {
  if (!startsAt && !endsAt) return <span className="text-stone-600">Any time</span>;
  return (
    <>
      {startsAt && <span className="block whitespace-nowrap">From {formatDateTime(startsAt)}</span>}
      {endsAt && <span className="block whitespace-nowrap">Until {formatDateTime(endsAt)}</span>}
    </>
  );
}
