import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HeartIcon } from '@/components/ui/icons';
import { btn, BUSY } from '@/components/ui/styles';
import type { Product, Variant } from '@/lib/types';
import { selectSizeMessage } from '@/lib/variants';
import { useProductActions } from './product-actions';

/** Buy Now, Add to Cart (of the chosen size and quantity) and the wishlist toggle; until a size is chosen, why they wait. */
export function ProductBuyButtons({
  product,
  variant,
  quantity,
  needsSize,
  soldOut,
}: {
  product: Product;
  variant: Variant | null;
  quantity: number;
  needsSize: boolean;
  soldOut: boolean;
}) {
  const { addToCart, buyNow, toggleWishlist, isInWishlist, isAdding } = useProductActions();
  const inWishlist = isInWishlist(product._id);
  const busy = isAdding(product._id);
  const hintId = useId();
  const { t } = useLingui();
  return (
    <>
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
          onClick={() => void buyNow(product, quantity, variant ?? undefined)}
        >
          <Trans>Buy Now</Trans>
        </button>
        <button
          type="button"
          className={`${btn.secondary} ${BUSY} flex-1`}
          disabled={soldOut || needsSize}
          aria-disabled={busy || undefined}
          aria-describedby={needsSize ? hintId : undefined}
          onClick={() => void (busy || addToCart(product, quantity, variant ?? undefined))}
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
    </>
  );
}
