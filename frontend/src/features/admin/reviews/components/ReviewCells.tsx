/** The cells of the reviews table that only it draws: the rating and whether shoppers see the review. */
import { Trans, useLingui } from '@lingui/react/macro';
import { StarIcon } from '@/components/ui/icons';
import { Badge, tone } from '../../lib/table';

export function ReviewRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 font-semibold">
      <StarIcon size={14} filled className="text-amber-500" aria-hidden="true" />
      {rating}
      <span className="sr-only">
        {' '}
        <Trans>out of 5 stars</Trans>
      </span>
    </span>
  );
}

export function VisibilityBadge({ hidden }: { hidden: boolean }) {
  const { t } = useLingui();
  return (
    <Badge colour={hidden ? tone.grey : tone.green} testId="review-status">
      {hidden ? t`Hidden` : t`Shown`}
    </Badge>
  );
}
