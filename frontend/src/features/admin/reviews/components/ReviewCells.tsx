/** The cells of the reviews table that only it draws: the rating and whether shoppers see the review. */
import { StarIcon } from '@/components/ui/icons';
import { Badge, tone } from '../../lib/table';

export function ReviewRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 font-semibold">
      <StarIcon size={14} filled className="text-amber-500" aria-hidden="true" />
      {rating}
      <span className="sr-only"> out of 5 stars</span>
    </span>
  );
}

export function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return (
    <Badge colour={hidden ? tone.grey : tone.green} testId="review-status">
      {hidden ? 'Hidden' : 'Shown'}
    </Badge>
  );
}
