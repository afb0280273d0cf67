import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import type { Product } from '@/lib/types';
import { useAddToCart } from '@/lib/api/cart';
import { useRemoveFromWishlist } from '@/features/wishlist/api/wishlist';
import { WishlistView } from '@/features/wishlist/components/WishlistView';
import { usePageTitle } from '@/lib/use-page-title';
import { hasVariants } from '@/lib/variants';
import { useChooseSize } from '../hooks';

/**
 * The wishlist page, with moving to the cart: one unit is added and, only then, the line removed.
 * A product with sizes is not moved: the shopper is sent to its page to choose a size.
 */
export function WishlistRoute() {
  const { t } = useLingui();
  usePageTitle(t`My Wishlist`);
  const addToCart = useAddToCart();
  const removeFromWishlist = useRemoveFromWishlist();
  const [movingId, setMovingId] = useState<string | null>(null);
  const [movingAll, setMovingAll] = useState(false);
  const chooseSize = useChooseSize();

  /** Returns true when the product was added to the cart and removed from the wishlist. */
  const move = async (product: Product): Promise<boolean> => {
    try {
      await addToCart.mutateAsync({ productId: product._id, quantity: 1 });
    } catch (err) {
      toast.error(errorMessage(err, t`Failed to add item to cart`));
      return false;
    }
    try {
      await removeFromWishlist.mutateAsync(product._id);
    } catch (err) {
      toast.error(errorMessage(err, t`Failed to remove item from wishlist`));
      return false;
    }
    return true;
  };

  const moveOne = async (product: Product) => {
    // Which size to add is the shopper's choice, made on the product's page.
    if (hasVariants(product)) {
      chooseSize(product);
      return;
    }
    setMovingId(product._id);
    if (await move(product)) toast.success(t`Added to cart and removed from wishlist`);
    setMovingId(null);
  };

  const moveAll = async (products: Product[]) => {
    setMovingAll(true);
    let moved = 0;
    for (const p of products) {
      if (!(await move(p))) break;
      moved += 1;
    }
    if (moved > 0) toast.success(t`Moved to cart`);
    setMovingAll(false);
  };

  return (
    <WishlistView
      onMoveToCart={(p) => void moveOne(p)}
      onMoveAll={(ps) => void moveAll(ps)}
      movingId={movingId}
      movingAll={movingAll}
    />
  );
}
