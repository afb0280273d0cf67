import { lazy, Suspense } from 'react';
import { usePrefetchInfiniteQuery, usePrefetchQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { reviewPagesQuery, reviewSummaryQuery } from '@/lib/api/reviews';

/** The reviews' code is a chunk of its own, loaded beside their first replies once the product is shown. */
const ReviewsSection = lazy(() => import('./reviews/ReviewsSection'));

/** The page's 'Customer reviews' (`#reviews`): the heading at once, the rest as it arrives. */
export function ProductReviews({ productId }: { productId: string }) {
  usePrefetchQuery(reviewSummaryQuery(productId));
  usePrefetchInfiniteQuery(reviewPagesQuery(productId, 'newest'));
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mx-auto max-w-6xl scroll-mt-24 px-4 pb-12">
      <h2 id="reviews-title" className="mb-6 border-t border-stone-200 pt-8 text-xl font-bold tracking-tight sm:text-2xl">
        <Trans>Customer reviews</Trans>
      </h2>
      <Suspense
        fallback={
          <p role="status" className="text-stone-600">
            <Trans>Loading reviews...</Trans>
          </p>
        }
      >
        <ReviewsSection productId={productId} />
      </Suspense>
    </section>
  );
}
