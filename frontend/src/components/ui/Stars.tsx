import { StarIcon } from './icons';

/** Five stars, rounded to the nearest whole star, with the numeric rating. */
export function Stars({ rating, reviews, size = 16 }: { rating: number; reviews?: number; size?: number }) {
  const rounded = Math.round(rating);
  return (
    <div className="flex items-center gap-1" aria-label={`Rated ${rating.toFixed(1)} out of 5`} role="img">
      <span className="flex text-amber-500">
        {[1, 2, 3, 4, 5].map((i) => (
          <StarIcon key={i} size={size} filled={i <= rounded} className={i <= rounded ? '' : 'text-stone-300'} />
        ))}
      </span>
      <span className="text-sm text-stone-600" aria-hidden="true">
        {rating.toFixed(1)}
        {reviews !== undefined ? ` (${reviews} reviews)` : ''}
      </span>
    </div>
  );
}
