import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { StarIcon } from './icons';

/**
 * Five stars, rounded to the nearest whole star, with the numeric rating (and the review count
 * when given), read out as one phrase.
 */
export function Stars({ rating, reviews, size = 16 }: { rating: number; reviews?: number; size?: number }) {
  const { t } = useLingui();
  const rounded = Math.round(rating);
  const count = reviews !== undefined ? plural(reviews, { one: '# review', other: '# reviews' }) : null;
  const score = rating.toFixed(1);
  return (
    <div
      className="flex items-center gap-1"
      aria-label={count ? t`Rated ${score} out of 5, ${count}` : t`Rated ${score} out of 5`}
      role="img"
    >
      <span className="flex text-amber-500">
        {[1, 2, 3, 4, 5].map((i) => (
          <StarIcon key={i} size={size} filled={i <= rounded} className={i <= rounded ? '' : 'text-stone-300'} />
        ))}
      </span>
      <span className="text-sm text-stone-600" aria-hidden="true">
        {score}
        {count ? ` (${count})` : ''}
      </span>
    </div>
  );
}
