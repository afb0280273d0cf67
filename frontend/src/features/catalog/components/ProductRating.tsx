import { Trans } from '@lingui/react/macro';
import { Stars } from '@/components/ui/Stars';
import { reviewCountOf } from '@/lib/reviews';
import type { Product } from '@/lib/types';

/** The product's stars and review count, or 'No reviews yet': a link down to its reviews. */
export function ProductRating({ product }: { product: Product }) {
  const rating = typeof product.rating === 'number' ? product.rating : 0;
  const reviews = reviewCountOf(product);
  return reviews > 0 ? (
    <a href="#reviews" className="inline-flex min-h-11 items-center self-start rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
      <Stars rating={rating} reviews={reviews} />
    </a>
  ) : (
    <a href="#reviews" className="self-start text-sm text-stone-600 underline hover:text-stone-900">
      <Trans>No reviews yet</Trans>
    </a>
  );
}
