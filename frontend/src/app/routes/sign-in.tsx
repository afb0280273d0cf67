/**
 * Sign In and Create Account as the app composes them: once someone has signed in there, what
 * they were doing when sent to sign in (Add to Cart or the wishlist heart, signed out: the
 * pending action of stores/pending-action.ts) is done with the cart's and the wishlist's own
 * calls, said in its usual toast, before the page sends them back to it.
 */
import { useCallback } from 'react';
import { t } from '@lingui/core/macro';
import { errorMessage } from '@/lib/api-client';
import { useAddToCart } from '@/lib/api/cart';
import { toast } from '@/lib/toast';
import { AfterSignInContext, type AfterSignIn } from '@/features/auth/after-sign-in';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { RegisterPage } from '@/features/auth/components/RegisterPage';
import { useAddToWishlist } from '@/features/wishlist/api/wishlist';
import { takePendingAction } from '../hooks';

/** Does the pending action (once: it is forgotten as it is taken) and answers its page, or null when none waits. */
export function useFinishPendingAction(): AfterSignIn {
  const { mutateAsync: addToCart } = useAddToCart();
  const { mutateAsync: addToWishlist } = useAddToWishlist();
  return useCallback(async () => {
    const action = takePendingAction();
    if (!action) return null;
    const { productId, productName: name, variantId, quantity } = action;
    if (action.kind === 'cart') {
      try {
        await addToCart({ productId, variantId, quantity });
        toast.success(t`Added to cart!`);
      } catch (err) {
        toast.error(errorMessage(err, t`Failed to add item to cart`));
      }
    } else {
      try {
        const reply = await addToWishlist(productId);
        if (reply.alreadyInWishlist) toast.info(t`Product already in wishlist`);
        else toast.success(t`${name} added to wishlist!`);
      } catch (err) {
        toast.error(errorMessage(err, t`Failed to add item to wishlist`));
      }
    }
    return action.returnTo;
  }, [addToCart, addToWishlist]);
}

export function LoginRoute() {
  const finish = useFinishPendingAction();
  return (
    <AfterSignInContext.Provider value={finish}>
      <LoginPage />
    </AfterSignInContext.Provider>
  );
}

export function RegisterRoute() {
  const finish = useFinishPendingAction();
  return (
    <AfterSignInContext.Provider value={finish}>
      <RegisterPage />
    </AfterSignInContext.Provider>
  );
}
