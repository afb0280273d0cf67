/**
 * Cart calls, keys and hooks. Every cart call replies with the whole cart, totals included
 * (docs/api.md): the reply becomes the cached cart, and the key is marked stale.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cartKeys } from '@/lib/query-keys';
import type { AddToCartRequest, Cart, CartLineRef } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { cartKeys };

export const EMPTY_CART: Cart = { products: [], itemCount: 0, subtotal: 0, shipping: 0, total: 0 };

/** Lines whose product is gone are dropped (SPEC.md section 3). */
function normalize(cart: Cart | null | undefined): Cart {
  if (!cart || !Array.isArray(cart.products)) return EMPTY_CART;
  return { ...cart, products: cart.products.filter((l) => l && l.productId && l.productId._id) };
}

export const getCart = async (signal?: AbortSignal) => normalize(await api.get<Cart>('/cart', { signal }));
export const addToCart = async (vars: AddToCartRequest) => normalize(await api.post<Cart>('/cart/add', vars));
/** Removes one line: the product's one-size line, or the line of the size `variantId` names. */
export const removeFromCart = async ({ productId, variantId }: CartLineRef) =>
  normalize(
    await api.delete<Cart>(`/cart/remove/${encodeURIComponent(productId)}`, { params: { variantId } }),
  );

export const cartQuery = () =>
  queryOptions({
    queryKey: cartKeys.detail(),
    queryFn: ({ signal }) => getCart(signal),
  });

/** The signed-in shopper's cart; nothing is fetched while signed out. */
export function useCart() {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...cartQuery(), enabled: signedIn });
}

function storeCart(qc: QueryClient, cart: Cart) {
  qc.setQueryData(cartKeys.detail(), cart);
  void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
}

interface Callbacks<TVars> {
  onSuccess?: (cart: Cart, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

/** Adds `quantity` units of a product (in the size `variantId` names); a negative quantity changes the line by that delta. */
export function useAddToCart(options: Callbacks<AddToCartRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onError: options.onError,
    onSuccess: (cart, vars) => {
      storeCart(qc, cart);
      options.onSuccess?.(cart, vars);
    },
  });
}

export function useRemoveFromCart(options: Callbacks<CartLineRef> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onError: options.onError,
    onSuccess: (cart, line) => {
      storeCart(qc, cart);
      options.onSuccess?.(cart, line);
    },
  });
}

/** Removes the lines one by one (SPEC.md section 4). */
export function useClearCart(options: Callbacks<CartLineRef[]> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (lines: CartLineRef[]) => {
      let cart: Cart = EMPTY_CART;
      for (const line of lines) {
        cart = await removeFromCart(line);
        qc.setQueryData(cartKeys.detail(), cart);
      }
      return cart;
    },
    onError: (err, vars) => {
      void qc.invalidateQueries({ queryKey: cartKeys.all });
      options.onError?.(err, vars);
    },
    onSuccess: (cart, vars) => {
      storeCart(qc, cart);
      options.onSuccess?.(cart, vars);
    },
  });
}
