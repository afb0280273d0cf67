import { StarIcon } from './icons';

/**
 * Five stars, rounded to the nearest whole star, with the numeric rating (and the review count
 * when given), read out as one phrase.
 */
export function Stars({ rating, reviews, size = 16 }: { rating: number; reviews?: number; size?: number }) {
  const rounded = Math.round(rating);
  const count = reviews !== undefined ? `${reviews.toLocaleString('en-US')} ${reviews === 1 ? 'review' : 'reviews'}` : null;
  return (
    <div
      className="flex items-center gap-1"
      aria-label={`Rated ${rating.toFixed(1)} out of 5${count ? `, ${count}` : ''}`}
      role="img"
    >
      <span className="flex text-amber-500">
        {[1, 2, 3, 4, 5].map((i) => (
          <StarIcon key={i} size={size} filled={i <= rounded} className={i <= rounded ? '' : 'text-stone-300'} />
        ))}
      </span>
      <span className="text-sm text-stone-600" aria-hidden="true">
        {rating.toFixed(1)}
        {count ? ` (${count})` : ''}
      </span>
    </div>
  );
}
