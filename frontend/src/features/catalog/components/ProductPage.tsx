import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { usePrefetchInfiniteQuery, usePrefetchQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { HeartIcon, MinusIcon, PlusIcon, ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { DiscountBadge, Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { Spinner } from '@/components/ui/Spinner';
import { Stars } from '@/components/ui/Stars';
import { StockBadge } from '@/components/ui/StockBadge';
import { btn, BUSY } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { galleryImageSources, maxQuantity, stockStatusOf } from '@/lib/product';
import { reviewCountOf } from '@/lib/reviews';
import type { Product } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { coloursOf, selectSizeMessage, variantsOf } from '@/lib/variants';
import { useProduct } from '@/lib/api/products';
import { reviewPagesQuery, reviewSummaryQuery } from '@/lib/api/reviews';
import { useProductActions } from './product-actions';
import { categoryName } from './CategoryPage';
import { OptionGroup, VariantPicker } from './VariantPicker';

export const COLOURS = [
  { name: 'Gray', label: msg`Gray`, swatch: 'bg-stone-400' },
  { name: 'Pink', label: msg`Pink`, swatch: 'bg-pink-400' },
  { name: 'Blue', label: msg`Blue`, swatch: 'bg-sky-500' },
  { name: 'Green', label: msg`Green`, swatch: 'bg-emerald-500' },
] as const;

/** Quantity stepper bounded by 1 and `max`. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  label?: string;
}) {
  const { t } = useLingui();
  const name = label ?? t`Quantity`;
  const set = (n: number) => onChange(Math.min(Math.max(1, n), Math.max(1, max)));
  return (
    <div className="inline-flex items-center rounded-lg ring-1 ring-stone-300" role="group" aria-label={name}>
      <button type="button" className={btn.icon} onClick={() => set(value - 1)} disabled={value <= 1} aria-label={t`Decrease quantity`}>
        <MinusIcon size={16} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={value}
        aria-label={name}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isFinite(n)) set(n);
        }}
        className="w-12 appearance-none border-0 bg-transparent text-center font-semibold focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={btn.icon} onClick={() => set(value + 1)} disabled={value >= max} aria-label={t`Increase quantity`}>
        <PlusIcon size={16} />
      </button>
    </div>
  );
}

function Gallery({ product }: { product: Product }) {
  const images = Array.from(new Set([product.image, ...(product.gallery ?? [])].filter((x): x is string => Boolean(x))));
  const { t } = useLingui();
  const [active, setActive] = useState(0);
  const current = images[active] ?? null;
  return (
    <div>
      <div className="relative overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
        <ProductImage
          path={current}
          alt={product.name}
          width={800}
          height={1000}
          eager
          responsive={
            active === 0 && current === product.image
              ? galleryImageSources(product)
              : undefined
          }
          className="aspect-[4/5] w-full"
        />
        <DiscountBadge discount={product.discount} className="absolute left-3 top-3 text-sm" />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={t`Product images`}>
          {images.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t`Show image ${{ number: i + 1 }}`}
                aria-current={i === active}
                className={`block overflow-hidden rounded-lg ring-2 ${i === active ? 'ring-brand-600' : 'ring-transparent'}`}
              >
                <ProductImage path={img} alt="" width={80} height={100} eager={i === 0} className="h-24 w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The storefront's fixed colour choice, display only: for products that do not come in colours. */
function ColourSwatches() {
  const [colour, setColour] = useState<string>(COLOURS[0].name);
  const { t, i18n } = useLingui();
  const chosen = COLOURS.find((c) => c.name === colour);
  return (
    <OptionGroup label={t`Colour`} value={chosen ? i18n._(chosen.label) : colour}>
      <div className="flex gap-3">
        {COLOURS.map((c) => (
          <label key={c.name} className="cursor-pointer">
            <input
              type="radio"
              name="colour"
              value={c.name}
              checked={colour === c.name}
              onChange={() => setColour(c.name)}
              className="peer sr-only"
            />
            <span
              className={`block h-9 w-9 rounded-full ${c.swatch} ring-2 ring-transparent ring-offset-2 peer-checked:ring-stone-900 peer-focus-visible:ring-brand-600`}
              title={i18n._(c.label)}
            />
            <span className="sr-only">{i18n._(c.label)}</span>
          </label>
        ))}
      </div>
    </OptionGroup>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { addToCart, buyNow, toggleWishlist, isInWishlist, isAdding } = useProductActions();
  const [quantity, setQuantity] = useState(1);
  const variants = variantsOf(product);
  const [variantId, setVariantId] = useState<string | null>(null);
  // The chosen size as the product has it now (a refreshed product may have sold it out meanwhile).
  const variant = variants.find((v) => v._id === variantId && v.stock > 0) ?? null;
  const needsSize = variants.length > 0 && !variant;
  const stock = variant ? variant.stock : product.stock;
  const max = maxQuantity({ stock });
  // The quantity follows the chosen size's stock down.
  const shownQuantity = Math.min(quantity, Math.max(1, max));
  const soldOut = stockStatusOf(product.stock) === 'outOfStock';
  const inWishlist = isInWishlist(product._id);
  const busy = isAdding(product._id);
  const rating = typeof product.rating === 'number' ? product.rating : 0;
  const reviews = reviewCountOf(product);
  const hintId = useId();
  const { t } = useLingui();
  const monthly = formatPrice((product.price * shownQuantity) / 6);

  usePageTitle(product.name);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
        <Link to={`/category/${product.category}`} className="hover:underline">
          {categoryName(product.category)}
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
      {reviews > 0 ? (
        <a href="#reviews" className="self-start rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
          <Stars rating={rating} reviews={reviews} />
        </a>
      ) : (
        <a href="#reviews" className="self-start text-sm text-stone-600 underline hover:text-stone-900">
          <Trans>No reviews yet</Trans>
        </a>
      )}
      <Price product={product} showSave size="lg" />
      <p className="text-sm text-stone-600">
        <Trans>or 6 monthly payments of {monthly}</Trans>
      </p>
      <p className="leading-relaxed text-stone-700">{product.description}</p>

      {coloursOf(variants).length === 0 && <ColourSwatches />}
      {variants.length > 0 && (
        <VariantPicker variants={variants} value={variant} onChange={(v) => setVariantId(v?._id ?? null)} />
      )}

      <div className="flex flex-wrap items-center gap-3">
        <StockBadge stock={stock} />
        {typeof stock === 'number' && stock > 0 && stock <= 10 && (
          <span className="text-sm font-medium text-amber-900">
            <Trans>Only {stock} left in stock</Trans>
          </span>
        )}
      </div>

      {!soldOut && (
        <div>
          <p className="mb-2 text-sm font-semibold">
            <Trans>Quantity</Trans>
          </p>
          <QuantityStepper value={shownQuantity} max={max} onChange={setQuantity} />
        </div>
      )}

      {needsSize && !soldOut && (
        <p id={hintId} className="text-sm font-semibold text-amber-900">
          {selectSizeMessage()}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={`${btn.primary} w-full sm:w-auto sm:flex-1`}
          disabled={soldOut || busy || needsSize}
          aria-describedby={needsSize ? hintId : undefined}
          onClick={() => void buyNow(product, shownQuantity, variant ?? undefined)}
        >
          <Trans>Buy Now</Trans>
        </button>
        <button
          type="button"
          className={`${btn.secondary} ${BUSY} flex-1`}
          disabled={soldOut || needsSize}
          aria-disabled={busy || undefined}
          aria-describedby={needsSize ? hintId : undefined}
          onClick={() => void (busy || addToCart(product, shownQuantity, variant ?? undefined))}
        >
          <Trans>Add to Cart</Trans>
        </button>
        <button
          type="button"
          className={`${btn.secondary} ${inWishlist ? 'text-brand-700' : ''}`}
          aria-pressed={inWishlist}
          aria-label={inWishlist ? t`Remove from wishlist` : t`Add to wishlist`}
          onClick={() => void toggleWishlist(product)}
        >
          <HeartIcon filled={inWishlist} />
        </button>
      </div>

      <ul className="mt-2 grid gap-3 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-3">
        <li className="flex items-center gap-2">
          <TruckIcon className="text-brand-700" /> <Trans>Free delivery</Trans>
        </li>
        <li className="flex items-center gap-2">
          <ReturnIcon className="text-brand-700" /> <Trans>30-day free returns</Trans>
        </li>
        <li className="flex items-center gap-2">
          <ShieldIcon className="text-brand-700" /> <Trans>Secure EVC Plus payment</Trans>
        </li>
      </ul>
    </div>
  );
}

/** The reviews' code is a chunk of its own, loaded beside their first replies once the product is shown. */
const ReviewsSection = lazy(() => import('./reviews/ReviewsSection'));

/** The page's 'Customer reviews' (`#reviews`): the heading at once, the rest as it arrives. */
function Reviews({ productId }: { productId: string }) {
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

export function ProductPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const { t } = useLingui();
  const failed = product.isError && !(product.error instanceof ApiError && product.error.status === 404);

  useEffect(() => {
    if (failed) toast.error(t`Failed to load product details`, { toastId: 'product-details' });
  }, [failed, t]);

  if (product.isPending) return <Spinner label={t`Loading product`} />;
  if (!product.data) {
    return (
      <EmptyState
        level={1}
        title={t`Product Not Found`}
        text={t`The product you are looking for is not available.`}
        action={
          <Link to="/category" className={btn.primary}>
            <Trans>Browse Products</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
        <Gallery key={`gallery-${product.data._id}`} product={product.data} />
        <ProductDetails key={`details-${product.data._id}`} product={product.data} />
      </div>
      <Reviews key={`reviews-${product.data._id}`} productId={product.data._id} />
    </>
  );
}
