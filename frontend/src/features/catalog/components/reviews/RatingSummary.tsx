/**
 * A product's rating summary: the average with its stars, the number of reviews, and a bar per
 * number of stars (5 down to 1) with its count, a list a screen reader reads as text.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stars } from '@/components/ui/Stars';
import { starsText } from '@/lib/reviews';
import type { ReviewSummary } from '@/lib/types';

export function RatingSummary({ summary }: { summary: ReviewSummary }) {
  const { t } = useLingui();
  const total = summary.reviews;
  if (total === 0) {
    return (
      <div data-testid="rating-summary">
        <p className="text-lg font-semibold text-stone-900">
          <Trans>No reviews yet</Trans>
        </p>
        <p className="mt-1 text-sm text-stone-600">
          <Trans>Shoppers who received this product can tell others what they think.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div data-testid="rating-summary">
      <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
        <p className="text-4xl font-bold text-stone-900" aria-hidden="true">
          {summary.rating.toFixed(1)}
        </p>
        <div className="pb-1">
          <Stars rating={summary.rating} reviews={total} />
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {plural(total, { one: 'Based on # review by verified buyers', other: 'Based on # reviews by verified buyers' })}
      </p>
      <ul className="mt-4 space-y-1.5" aria-label={t`Reviews by rating`}>
        {[5, 4, 3, 2, 1].map((n) => {
          const count = summary.stars[n - 1] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={n} className="flex items-center gap-3 text-sm" data-testid="rating-bar">
              {/* Wide enough for the longest label of either language ("5 xiddigood"). */}
              <span className="w-24 shrink-0 whitespace-nowrap text-stone-700">
                {starsText(n)}
                <span className="sr-only">{': '}</span>
              </span>
              <span className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right tabular-nums text-stone-700">
                {count}
                <span className="sr-only"> {plural(count, { one: 'review', other: 'reviews' })}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
