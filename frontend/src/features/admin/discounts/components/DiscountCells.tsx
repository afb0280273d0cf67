/** The cells of the discount code table that only it draws: the status badge and the dates a code is valid. */
import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import type { Discount } from '@/lib/types';
import { Badge, tone } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { DISCOUNT_STATUS_NAMES, discountStatus, type DiscountStatus } from '../discount-form';

const STATUS_TONES: Record<DiscountStatus, string> = {
  Active: tone.green,
  Scheduled: tone.blue,
  'Used up': tone.amber,
  Expired: tone.red,
  Inactive: tone.grey,
};

export function DiscountStatusBadge({ discount }: { discount: Discount }) {
  useLanguage();
  const status = discountStatus(discount);
  return (
    <Badge colour={STATUS_TONES[status]} testId="discount-status">
      {DISCOUNT_STATUS_NAMES[status]}
    </Badge>
  );
}

/** When it can be used: from and until, either may be open; 'Any time' without dates. */
export function ValidDates({ startsAt, endsAt }: Pick<Discount, 'startsAt' | 'endsAt'>) {
  useLanguage();
  if (!startsAt && !endsAt) {
    return (
      <span className="text-stone-600">
        <Trans>Any time</Trans>
      </span>
    );
  }
  const [from, until] = [formatDateTime(startsAt), formatDateTime(endsAt)];
  return (
    <>
      {startsAt && (
        <span className="block whitespace-nowrap">
          <Trans>From {from}</Trans>
        </span>
      )}
      {endsAt && (
        <span className="block whitespace-nowrap">
          <Trans>Until {until}</Trans>
        </span>
      )}
    </>
  );
}
