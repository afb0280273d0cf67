/**
 * Cart calls, keys and hooks. Every cart call replies with the whole cart, totals included
 * (docs/api.md): the reply becomes the cached cart, and the key is marked stale.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { cartKeys } from '@/lib/query-keys';
import type { AddToCartRequest, Cart, CartLineRef, DeliveryPlace } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { cartKeys };

export const EMPTY_CART: Cart = {
  products: [],
  itemCount: 0,
  subtotal: 0,
  discount: null,
  discountNotApplied: null,
  shipping: 0,
  total: 0,
  delivery: null,
};

/** Lines whose product is gone are dropped. */
function normalize(cart: Cart | null | undefined): Cart {
  if (!cart || !Array.isArray(cart.products)) return EMPTY_CART;
  return { ...cart, products: cart.products.filter((l) => l && l.productId && l.productId._id) };
}

export const getCart = async (signal?: AbortSignal) => normalize(await api.get<Cart>('/cart', { signal }));
/**
 * The cart priced for delivery to `place`: `shipping` and `total` hold its zone's fee, and
 * `delivery` names the zone and its delivery time. A place the shop does not deliver to is
 * refused (400) with a message on `city` or `district`.
 */
export const getCartFor = async ({ city, district }: DeliveryPlace, signal?: AbortSignal) =>
  normalize(await api.get<Cart>('/cart', { params: { city, district }, signal }));
export const addToCart = async (vars: AddToCartRequest) => normalize(await api.post<Cart>('/cart/add', vars));
/** Removes one line: the product's one-size line, or the line of the size `variantId` names. */
export const removeFromCart = async ({ productId, variantId }: CartLineRef) =>
  normalize(
    await api.delete<Cart>(`/cart/remove/${encodeURIComponent(productId)}`, { params: { variantId } }),
  );
/** Puts a discount code on the cart in place of any other; refused with the reason (400) or 'Discount code not found' (404). */
export const applyDiscount = async (code: string) => normalize(await api.post<Cart>('/cart/discount', { code }));
export const removeDiscount = async () => normalize(await api.delete<Cart>('/cart/discount'));

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

export const cartForPlaceQuery = (place: DeliveryPlace) =>
  queryOptions({
    queryKey: cartKeys.place(place),
    queryFn: ({ signal }) => getCartFor(place, signal),
  });

/**
 * The signed-in shopper's cart priced for `place` (checkout, once a place is chosen); nothing
 * is fetched without one. While another place's totals load, the previous place's stay (`isPlaceholderData`).
 */
export function useCartFor(place: DeliveryPlace | null) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({
    ...cartForPlaceQuery(place ?? { city: '', district: '' }),
    enabled: signedIn && place !== null,
    placeholderData: keepPreviousData,
  });
}

/** The reply becomes the cart; the totals priced for a place are asked again (the reply has none). */
function storeCart(qc: QueryClient, cart: Cart) {
  qc.setQueryData(cartKeys.detail(), cart);
  void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
  void qc.invalidateQueries({ queryKey: cartKeys.places() });
}

/** A cart call whose reply, the whole cart, becomes the cached cart. */
function useCartMutation<TVars>(mutationFn: (vars: TVars) => Promise<Cart>, options: MutationOptions<Cart, TVars>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onError: options.onError,
    onSuccess: (cart, vars) => {
      storeCart(qc, cart);
      options.onSuccess?.(cart, vars);
    },
  });
}

/** Adds `quantity` units of a product (in the size `variantId` names); a negative quantity changes the line by that delta. */
export const useAddToCart = (options: MutationOptions<Cart, AddToCartRequest> = {}) => useCartMutation(addToCart, options);

export const useRemoveFromCart = (options: MutationOptions<Cart, CartLineRef> = {}) => useCartMutation(removeFromCart, options);

/** Applies the code the shopper typed (matched whatever its case). */
export const useApplyDiscount = (options: MutationOptions<Cart, string> = {}) => useCartMutation(applyDiscount, options);

export const useRemoveDiscount = (options: MutationOptions<Cart, void> = {}) => useCartMutation(removeDiscount, options);

/** Removes the lines one by one (the API has no call that empties a cart). */
export function useClearCart(options: MutationOptions<Cart, CartLineRef[]> = {}) {
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
