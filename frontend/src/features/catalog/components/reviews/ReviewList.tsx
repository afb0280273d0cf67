/**
 * A product's visible reviews, newest first or by rating, one page at a time ('Show more
 * reviews'). Every text of a review is drawn as text: a body holding markup shows the markup.
 */
import { useEffect, useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn, field } from '@/components/ui/styles';
import { formatLongDate } from '@/lib/format';
import { REVIEW_SORTS } from '@/lib/reviews';
import type { Review, ReviewSort } from '@/lib/types';
import { useProductReviews } from '@/lib/api/reviews';
import { ReviewStars } from './ReviewStars';

export function ReviewItem({ review }: { review: Review }) {
  useLanguage();
  return (
    <article className="focus:outline-none" tabIndex={-1} data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} />
        {review.title && <h3 className="font-semibold break-words text-stone-900">{review.title}</h3>}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span className="font-medium text-stone-800">{review.author}</span>
        {review.verifiedPurchase && (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200">
            <Trans>Verified purchase</Trans>
          </span>
        )}
        <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-stone-800">{review.body}</p>
    </article>
  );
}

export function ReviewList({
  productId,
  sort,
  onSort,
}: {
  productId: string;
  sort: ReviewSort;
  onSort: (sort: ReviewSort) => void;
}) {
  const sortId = useId();
  const { t, i18n } = useLingui();
  const reviews = useProductReviews(productId, sort);
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const rows = reviews.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = reviews.data?.pages[0]?.total ?? null;
  const shown = rows.length;

  // After 'Show more reviews', the first new review takes the focus: where a keyboard user reads on.
  useEffect(() => {
    const at = focusFrom.current;
    if (at === null || shown <= at) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('article')[at]?.focus();
  }, [shown]);

  if (reviews.isPending) {
    return (
      <p role="status" className="text-stone-600">
        <Trans>Loading reviews...</Trans>
      </p>
    );
  }
  if (reviews.isError) {
    return (
      <RetryAlert onRetry={() => void reviews.refetch()}>
        <Trans>The reviews could not be loaded.</Trans>
      </RetryAlert>
    );
  }
  if (shown === 0) return null;

  const busy = reviews.isFetchingNextPage;
  return (
    <div>
      {(total ?? shown) > 1 && (
        <div className="mb-4 flex items-center justify-end gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-stone-800">
            <Trans>Sort reviews</Trans>
          </label>
          <div className="w-44">
            <select id={sortId} value={sort} onChange={(e) => onSort(e.target.value as ReviewSort)} className={field.input}>
              {REVIEW_SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {i18n._(s.label)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <ol
        ref={list}
        aria-label={t`Reviews`}
        aria-busy={reviews.isPlaceholderData}
        className="divide-y divide-stone-200 aria-busy:opacity-60"
      >
        {rows.map((r) => (
          <li key={r._id} className="py-4 first:pt-0">
            <ReviewItem review={r} />
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-col items-center gap-3">
        <p className="text-sm text-stone-600" role="status">
          {total !== null ? t`Showing ${shown} of ${total} reviews` : t`Showing ${shown} reviews`}
        </p>
        {reviews.hasNextPage && (
          <button
            type="button"
            className={`${btn.secondary} aria-busy:cursor-progress aria-busy:opacity-70`}
            aria-busy={busy}
            onClick={() => {
              if (busy) return;
              focusFrom.current = shown;
              void reviews.fetchNextPage();
            }}
          >
            <Trans>Show more reviews</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
