import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { serverFieldErrors } from '@/components/forms/use-form-fields';
import { ApiError } from '@/lib/api-client';
import { EMPTY_CART, useCart, useCartFor } from '@/lib/api/cart';
import { toast } from '@/lib/toast';
import type { DeliveryPlace } from '@/lib/types';

const PLACE_FIELDS = ['city', 'district'] as const;

/**
 * The cart being paid for, with the server's totals: once a place is chosen (`place`), priced
 * for it (its zone's fee, and `delivery` with the delivery time); otherwise as the cart
 * stands. One that cannot be fetched is `failed` (shown empty; the page says so, with
 * `retry`): a network failure is toasted, other failures only logged. A place the server
 * refuses (not delivered to) is said under its field (`placeErrors`), and the cart is shown as
 * it stands.
 */
export function useCheckoutCart(place: DeliveryPlace | null = null) {
  const { t } = useLingui();
  const cart = useCart();
  const priced = useCartFor(place);
  const failed = cart.isError;
  useEffect(() => {
    if (!failed) return;
    if (cart.error instanceof ApiError && !cart.error.isNetworkError) {
      console.error('Checkout: cart fetch failed', cart.error);
    } else {
      toast.error(t`Failed to load cart data`, { toastId: 'checkout-cart' });
    }
  }, [failed, cart.error, t]);
  const forPlace = place !== null && !priced.isError ? priced.data : undefined;
  return {
    isPending: cart.isPending && !failed,
    // A refetch that failed keeps the cart last fetched (it is what will be paid for).
    data: forPlace ?? cart.data ?? EMPTY_CART,
    /** The cart could not be fetched: nothing to pay for until it is. */
    failed: failed && !cart.data,
    retry: () => void cart.refetch(),
    /** The chosen place's totals are on their way: those shown may be another place's. */
    pricing: place !== null && priced.isFetching,
    /** The server's refusal of the place chosen, by field. */
    placeErrors: place !== null && priced.isError ? serverFieldErrors(priced.error, PLACE_FIELDS) : {},
  };
}
