/**
 * A product's reviews on its page (a lazy chunk of its own, under the page's 'Customer
 * reviews' heading): the rating summary, the reviews (sorted, one page at a time) and
 * 'Write a review'. A link to `#reviews` or `#write-review` (the order page's 'Review')
 * scrolls there once the parts above it have loaded, and `#write-review` takes the focus.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import type { ReviewSort } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useMyReview, useProductReviews, useReviewSummary } from '@/lib/api/reviews';
import { RatingSummary } from './RatingSummary';
import { ReviewList } from './ReviewList';
import { WriteReview } from './WriteReview';

const ANCHORS = ['#reviews', '#write-review'];

/** Scrolls to the location's review anchor once `ready` (once per navigation). */
function useReviewAnchor(ready: boolean, focusTarget: RefObject<HTMLElement | null>) {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || done.current === key || !ANCHORS.includes(hash)) return;
    const el = document.getElementById(hash.slice(1));
    if (!el) return;
    done.current = key;
    el.scrollIntoView?.({ block: 'start' });
    if (hash === '#write-review') focusTarget.current?.focus({ preventScroll: true });
  }, [ready, hash, key, focusTarget]);
}

export default function ReviewsSection({ productId }: { productId: string }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const summary = useReviewSummary(productId);
  const reviews = useProductReviews(productId, sort);
  const signedIn = useSession(selectIsAuthenticated);
  const mine = useMyReview(productId);
  const writeHeading = useRef<HTMLHeadingElement>(null);

  const settled = !summary.isPending && !reviews.isPending && (!signedIn || !mine.isPending);
  useReviewAnchor(settled, writeHeading);

  return (
    <div className="grid gap-8 md:grid-cols-3">
      <div className="space-y-6">
        {summary.isPending ? (
          <p role="status" className="text-stone-600">
            <Trans>Loading rating...</Trans>
          </p>
        ) : summary.isError ? (
          <RetryAlert onRetry={() => void summary.refetch()}>
            <Trans>The rating could not be loaded.</Trans>
          </RetryAlert>
        ) : (
          <RatingSummary summary={summary.data} />
        )}
        <WriteReview productId={productId} headingRef={writeHeading} />
      </div>
      <div className="md:col-span-2">
        <ReviewList productId={productId} sort={sort} onSort={setSort} />
      </div>
    </div>
  );
}
