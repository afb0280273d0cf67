import { useLingui } from '@lingui/react/macro';
import { StarIcon } from '@/components/ui/icons';

/** One review's stars: whole stars, read out as 'Rated 4 out of 5 stars'. */
export function ReviewStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useLingui();
  return (
    <span role="img" aria-label={t`Rated ${rating} out of 5 stars`} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((i) => (
        <StarIcon key={i} size={size} filled={i <= rating} className={i <= rating ? '' : 'text-stone-300'} />
      ))}
    </span>
  );
}
