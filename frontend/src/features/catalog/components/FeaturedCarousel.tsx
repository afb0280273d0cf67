import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { DiscountBadge, Price } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { btn, BUSY } from '@/components/ui/styles';
import type { Product } from '@/lib/types';
import { useProductActions } from './product-actions';

export const FEATURED_VISIBLE = 3;

/** The products visible in a window of `size` starting at `start`, wrapping around. */
export function carouselWindow<T>(items: T[], start: number, size = FEATURED_VISIBLE): T[] {
  if (items.length <= size) return items;
  return Array.from({ length: size }, (_, k) => items[(start + k) % items.length]);
}

/** Featured products, three at a time, stepping by one and wrapping. */
export function FeaturedCarousel({ products }: { products: Product[] }) {
  const { t } = useLingui();
  const [start, setStart] = useState(0);
  const { addToCart, isAdding } = useProductActions();
  const n = products.length;
  const canMove = n > FEATURED_VISIBLE;
  const visible = carouselWindow(products, start);

  return (
    <div className="relative">
      <ul className="grid gap-4 sm:grid-cols-3" aria-live="polite">
        {visible.map((p) => (
          <li
            key={p._id}
            className="flex gap-3 overflow-hidden rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:flex-col sm:p-0"
          >
            <Link to={`/product/${p._id}`} className="relative block w-28 shrink-0 sm:w-full" tabIndex={-1} aria-hidden="true">
              <ProductImage
                path={p.thumbnail || p.image}
                alt=""
                width={400}
                height={500}
                className="aspect-[4/5] h-full w-full rounded-xl sm:rounded-none"
              />
              <DiscountBadge discount={p.discount} className="absolute left-2 top-2" />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col gap-2 sm:p-4">
              <h3 className="font-semibold">
                <Link to={`/product/${p._id}`} className="line-clamp-2 min-h-11 hover:text-brand-700">
                  {p.name}
                </Link>
              </h3>
              <Price product={p} />
              <button
                type="button"
                className={`${btn.secondary} ${BUSY} mt-auto py-2 text-sm`}
                aria-label={t`Add to Cart: ${{ name: p.name }}`}
                aria-disabled={isAdding(p._id) || undefined}
                onClick={() => void (isAdding(p._id) || addToCart(p, 1))}
              >
                <Trans>Add to Cart</Trans>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {canMove && (
        <div className="mt-4 flex justify-center gap-3">
          <button
            type="button"
            className={`${btn.icon} bg-white shadow ring-1 ring-stone-200`}
            aria-label={t`Previous featured products`}
            onClick={() => setStart((s) => (s - 1 + n) % n)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={`${btn.icon} bg-white shadow ring-1 ring-stone-200`}
            aria-label={t`Next featured products`}
            onClick={() => setStart((s) => (s + 1) % n)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </div>
  );
}
