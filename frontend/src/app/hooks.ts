/** App-level hooks that compose several features (cart, wishlist, session, navigation). */
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '@lingui/core/macro';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import type { Product, Variant } from '@/lib/types';
import { hasVariants, selectSizeMessage } from '@/lib/variants';
import { usePendingAction, type PendingAction } from '@/stores/pending-action';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useUi } from '@/stores/ui';
import { useAddToCart } from '@/lib/api/cart';
import { useAddToWishlist, useRemoveFromWishlist, useWishlist } from '@/features/wishlist/api/wishlist';
import { useClearUserData } from '@/features/auth/api/auth';
import type { ProductActions } from '@/features/catalog/components/product-actions';
import { productPagePath } from '@/features/restock/paths';

/** Sends a signed-out shopper to /login, remembering where they were (`path`, else here); answers that address. */
export function useRequireLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (message: string, path?: string) => {
      const returnTo = path ?? `${location.pathname}${location.search}`;
      useSession.getState().setReturnTo(returnTo);
      toast.warning(message, { toastId: message });
      navigate('/login');
      return returnTo;
    },
    [location.pathname, location.search, navigate],
  );
}

/**
 * Sends a signed-out shopper to /login as useRequireLogin does, keeping what they were doing
 * (stores/pending-action.ts) so that it is done once they have signed in: back on the product's
 * page with the size chosen (`?variant=`, which the page chooses again), or on the card's page.
 */
function useLoginThenFinish() {
  const requireLogin = useRequireLogin();
  return useCallback(
    (message: string, action: Pick<PendingAction, 'kind' | 'quantity'>, product: Product, variant?: Variant) => {
      const returnTo = requireLogin(message, variant ? productPagePath(product._id, variant._id) : undefined);
      usePendingAction.getState().remember({
        ...action,
        productId: product._id,
        productName: product.name,
        variantId: variant?._id,
        returnTo,
      });
    },
    [requireLogin],
  );
}

/**
 * A product with sizes cannot go into the cart from a card or the wishlist: sends the shopper to
 * its page to choose a size, saying so.
 */
export function useChooseSize() {
  const navigate = useNavigate();
  return useCallback(
    (product: Product) => {
      toast.info(selectSizeMessage(), { toastId: 'select-size' });
      navigate(`/product/${product._id}`);
    },
    [navigate],
  );
}

export function useLogout() {
  const clear = useClearUserData();
  const navigate = useNavigate();
  return useCallback(() => {
    useSession.getState().signOut(true);
    useUi.getState().closeAll();
    clear();
    toast.success(t`Logged out`);
    navigate('/');
  }, [clear, navigate]);
}

export function useShopActions(): ProductActions {
  const signedIn = useSession(selectIsAuthenticated);
  const requireLogin = useRequireLogin();
  const loginThenFinish = useLoginThenFinish();
  const chooseSize = useChooseSize();
  const navigate = useNavigate();
  const wishlist = useWishlist();
  const [adding, setAdding] = useState<Record<string, boolean>>({});
  // mutateAsync is stable across renders, so the actions (and every card) stay stable too.
  const { mutateAsync: addToCartAsync } = useAddToCart();
  const { mutateAsync: addToWishlistAsync } = useAddToWishlist();
  const { mutateAsync: removeFromWishlistAsync } = useRemoveFromWishlist();

  const wishlistIds = useMemo(
    () => new Set((wishlist.data?.products ?? []).map((l) => l.productId._id)),
    [wishlist.data],
  );

  const addToCart = useCallback(
    async (product: Product, quantity = 1, variant?: Variant) => {
      if (!variant && hasVariants(product)) {
        chooseSize(product);
        return false;
      }
      if (!signedIn) {
        loginThenFinish(t`Please log in to add to cart`, { kind: 'cart', quantity }, product, variant);
        return false;
      }
      setAdding((a) => ({ ...a, [product._id]: true }));
      try {
        await addToCartAsync({ productId: product._id, variantId: variant?._id, quantity });
        toast.success(t`Added to cart!`);
        return true;
      } catch (err) {
        toast.error(errorMessage(err, t`Failed to add item to cart`));
        return false;
      } finally {
        setAdding((a) => ({ ...a, [product._id]: false }));
      }
    },
    [addToCartAsync, chooseSize, loginThenFinish, signedIn],
  );

  const buyNow = useCallback(
    async (product: Product, quantity: number, variant?: Variant) => {
      if (!signedIn) {
        requireLogin(t`Please log in to proceed to checkout`);
        return;
      }
      if (await addToCart(product, quantity, variant)) navigate('/checkout');
    },
    [addToCart, navigate, requireLogin, signedIn],
  );

  const toggleWishlist = useCallback(
    async (product: Product, variant?: Variant) => {
      if (!signedIn) {
        loginThenFinish(t`Please log in to add to wishlist`, { kind: 'wishlist', quantity: 1 }, product, variant);
        return;
      }
      if (wishlistIds.has(product._id)) {
        try {
          await removeFromWishlistAsync(product._id);
          toast.success(t`Removed from wishlist`);
        } catch (err) {
          toast.error(errorMessage(err, t`Failed to remove item from wishlist`));
        }
        return;
      }
      try {
        const reply = await addToWishlistAsync(product._id);
        const name = product.name;
        if (reply.alreadyInWishlist) toast.info(t`Product already in wishlist`);
        else toast.success(t`${name} added to wishlist!`);
      } catch (err) {
        toast.error(errorMessage(err, t`Failed to add item to wishlist`));
      }
    },
    [addToWishlistAsync, loginThenFinish, removeFromWishlistAsync, signedIn, wishlistIds],
  );

  return useMemo(
    () => ({
      addToCart,
      buyNow,
      toggleWishlist,
      isInWishlist: (id: string) => wishlistIds.has(id),
      isAdding: (id: string) => Boolean(adding[id]),
    }),
    [addToCart, adding, buyNow, toggleWishlist, wishlistIds],
  );
}

/**
 * Takes the action useLoginThenFinish kept, forgetting it (routes/sign-in.tsx does it). The sign-in
 * pages take it through here rather than importing the store: that import made the bundler split
 * the query library's mutation code out of the main chunk into one more file (0.4 KB gzip more).
 */
export const takePendingAction = () => usePendingAction.getState().take();
