import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HeartIcon } from '@/components/ui/icons';
import { btn, BUSY } from '@/components/ui/styles';
import type { Product, Variant } from '@/lib/types';
import { selectSizeMessage } from '@/lib/variants';
import { useProductActions } from './product-actions';

/**
 * Buy Now, Add to Cart (of the chosen size and quantity) and the wishlist toggle; until a size is
 * chosen, why they wait. What is sold out can only be asked for: `soldOutAction` (the app's
 * 'Notify me when it's back') then takes Buy Now's place; a product sold out in every size says
 * to choose the size first.
 */
export function ProductBuyButtons({
  product,
  variant,
  quantity,
  needsSize,
  soldOut,
  soldOutAction = null,
}: {
  product: Product;
  variant: Variant | null;
  quantity: number;
  needsSize: boolean;
  /** Nothing to buy: the product, or the size chosen, is sold out. */
  soldOut: boolean;
  soldOutAction?: ReactNode;
}) {
  const { addToCart, buyNow, toggleWishlist, isInWishlist, isAdding } = useProductActions();
  const inWishlist = isInWishlist(product._id);
  const busy = isAdding(product._id);
  const hintId = useId();
  const { t } = useLingui();
  return (
    <>
      {needsSize && (
        <p id={hintId} className="text-sm font-semibold text-amber-900">
          {soldOut ? t`Sold out: choose your size to be told when it's back` : selectSizeMessage()}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {soldOutAction ? (
          <div className="w-full sm:w-auto sm:flex-1">{soldOutAction}</div>
        ) : (
          <button
            type="button"
            className={`${btn.primary} w-full sm:w-auto sm:flex-1`}
            disabled={soldOut || busy || needsSize}
            aria-describedby={needsSize ? hintId : undefined}
            onClick={() => void buyNow(product, quantity, variant ?? undefined)}
          >
            <Trans>Buy Now</Trans>
          </button>
        )}
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
          onClick={() => void toggleWishlist(product, variant ?? undefined)}
        >
          <HeartIcon filled={inWishlist} />
        </button>
      </div>
    </>
  );
}
