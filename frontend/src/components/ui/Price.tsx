import { Trans } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import { hasDiscount, savings } from '@/lib/product';
import type { Product } from '@/lib/types';

type Priced = Pick<Product, 'price' | 'discount' | 'originalPrice'>;

/** The server's selling price, with the struck-through original when discounted. */
export function Price({
  product,
  showSave = false,
  size = 'md',
}: {
  product: Priced;
  showSave?: boolean;
  size?: 'md' | 'lg';
}) {
  const discounted = hasDiscount(product);
  const saved = formatPrice(savings(product));
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-bold text-stone-900 ${size === 'lg' ? 'text-3xl' : 'text-lg'}`} data-testid="price">
        {formatPrice(product.price)}
      </span>
      {discounted && (
        <>
          <span className="sr-only">
            <Trans>Original price:</Trans>
          </span>
          <s className={`text-stone-500 ${size === 'lg' ? 'text-lg' : 'text-sm'}`} data-testid="original-price">
            {formatPrice(product.originalPrice)}
          </s>
          {showSave && (
            <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
              <Trans>Save {saved}</Trans>
            </span>
          )}
        </>
      )}
    </div>
  );
}

export function DiscountBadge({ discount, className = '' }: { discount: number; className?: string }) {
  if (!(discount > 0)) return null;
  const percent = Math.round(discount);
  return (
    <span className={`rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white ${className}`}>
      <Trans>{percent}% OFF</Trans>
    </span>
  );
}
