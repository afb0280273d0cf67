import { memo, startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CartIcon, EyeIcon, HeartIcon } from '@/components/ui/icons';
import { DiscountBadge, Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { Stars } from '@/components/ui/Stars';
import { btn, BUSY } from '@/components/ui/styles';
import { cardImagePath, EAGER_CARD_IMAGES } from '@/lib/product';
import type { Product } from '@/lib/types';
import { useProductActions } from './product-actions';

/**
 * A product in a list or category grid. Prices are the server's. Memoised: a page that
 * re-renders as its other lists arrive leaves cards with unchanged products alone.
 */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: Product;
  eager?: boolean;
  /** 2 on pages whose only other heading is the h1, 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useLingui();
  const name = product.name;
  const { addToCart, toggleWishlist, isInWishlist, isAdding } = useProductActions();
  const inWishlist = isInWishlist(product._id);
  const soldOut = product.stockStatus === 'outOfStock';
  const busy = isAdding(product._id);
  // Busy: still focusable (aria-disabled), clicks ignored until the request ends.
  const add = () => void (busy || addToCart(product, 1));
  // A rating exists when the product has reviews (0 reviews: the server's rating is 0, no stars).
  const hasRating = typeof product.rating === 'number' && product.rating > 0 && product.reviews !== 0;

  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md">
      <div className="relative aspect-[4/5] overflow-hidden">
        <Link to={`/product/${product._id}`} tabIndex={-1} aria-hidden="true">
          <ProductImage
            path={cardImagePath(product)}
            alt=""
            width={400}
            height={500}
            eager={eager}
            className="h-full w-full transition duration-300 group-hover:scale-105"
          />
        </Link>
        <DiscountBadge discount={product.discount} className="absolute left-2 top-2" />
        <button
          type="button"
          onClick={() => void toggleWishlist(product)}
          aria-pressed={inWishlist}
          aria-label={inWishlist ? t`Remove ${name} from wishlist` : t`Add ${name} to wishlist`}
          className={`absolute right-1.5 top-1.5 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 shadow transition hover:scale-110 ${inWishlist ? 'text-brand-700' : 'text-stone-600'}`}
        >
          <HeartIcon size={18} filled={inWishlist} />
        </button>
        <div className="pointer-events-none absolute inset-x-0 bottom-0 hidden translate-y-2 justify-center gap-2 p-3 opacity-0 transition group-focus-within:pointer-events-auto group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:translate-y-0 group-hover:opacity-100 sm:flex">
          <button
            type="button"
            disabled={soldOut}
            aria-disabled={busy || undefined}
            onClick={add}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-stone-800 shadow hover:bg-brand-700 hover:text-white disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50"
            aria-label={t`Quick add ${name} to cart`}
          >
            <CartIcon size={18} />
          </button>
          <Link
            to={`/product/${product._id}`}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-stone-800 shadow hover:bg-brand-700 hover:text-white"
            aria-label={t`View ${name}`}
          >
            <EyeIcon size={18} />
          </Link>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Heading className="text-sm font-semibold text-stone-900 sm:text-base">
          <Link to={`/product/${product._id}`} className="line-clamp-2 min-h-11 hover:text-brand-700">
            {product.name}
          </Link>
        </Heading>
        <Price product={product} showSave />
        {hasRating && <Stars rating={product.rating as number} size={14} />}
        <button
          type="button"
          disabled={soldOut}
          aria-disabled={busy || undefined}
          aria-label={soldOut ? t`Out of Stock: ${name}` : t`Add to Cart: ${name}`}
          onClick={add}
          className={`${btn.primary} ${BUSY} mt-auto w-full px-2 py-2 text-sm`}
        >
          {soldOut ? <Trans>Out of Stock</Trans> : <Trans>Add to Cart</Trans>}
        </button>
      </div>
    </article>
  );
});

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="animate-pulse overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
          <div className="aspect-[4/5] bg-stone-200" />
          <div className="space-y-2 p-4">
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-4 w-1/3 rounded bg-stone-200" />
            <div className="h-9 rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * How many cards a grid draws at once: enough to fill a phone screen or a desktop row. The
 * rest follow in a transition right after, in small interruptible slices, so the first
 * pictures start loading sooner and no long task blocks the page while the list renders.
 */
export const GRID_FIRST_BATCH = EAGER_CARD_IMAGES;

export function ProductGrid({
  products,
  eagerCount = 0,
  headingLevel = 3,
}: {
  products: Product[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
}) {
  const [drawn, setDrawn] = useState(GRID_FIRST_BATCH);
  useEffect(() => {
    if (products.length > GRID_FIRST_BATCH) startTransition(() => setDrawn(Infinity));
  }, [products.length]);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.slice(0, drawn).map((p, i) => (
        <ProductCard key={p._id} product={p} eager={i < eagerCount} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
