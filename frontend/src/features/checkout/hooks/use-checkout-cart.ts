import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { EMPTY_CART, useCart } from '@/lib/api/cart';
import { toast } from '@/lib/toast';

/**
 * The cart being paid for. One that cannot be fetched is shown empty: a network failure is
 * toasted, other failures only logged.
 */
export function useCheckoutCart() {
  const { t } = useLingui();
  const cart = useCart();
  const failed = cart.isError;
  useEffect(() => {
    if (!failed) return;
    if (cart.error instanceof ApiError && !cart.error.isNetworkError) {
      console.error('Checkout: cart fetch failed', cart.error);
    } else {
      toast.error(t`Failed to load cart data`, { toastId: 'checkout-cart' });
    }
  }, [failed, cart.error, t]);
  return {
    isPending: cart.isPending && !failed,
    data: failed ? EMPTY_CART : (cart.data ?? EMPTY_CART),
  };
}
