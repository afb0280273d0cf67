/**
 * What a product card can do (add to cart, wishlist). The catalog defines the contract;
 * the app provides it, wiring the cart and wishlist features.
 */
import { createContext, useContext } from 'react';
import type { Product, Variant } from '@/lib/types';

export interface ProductActions {
  /**
   * Adds `quantity` units of `variant` (the chosen size; a product with sizes without one is not
   * added: the shopper is sent to its page to choose).
   */
  addToCart: (product: Product, quantity?: number, variant?: Variant) => Promise<boolean>;
  buyNow: (product: Product, quantity: number, variant?: Variant) => Promise<void>;
  /** Adds or removes; `variant`, the size chosen on the product's page, is kept for a signed-out shopper's way back from signing in. */
  toggleWishlist: (product: Product, variant?: Variant) => Promise<void>;
  isInWishlist: (productId: string) => boolean;
  isAdding: (productId: string) => boolean;
}

const noop: ProductActions = {
  addToCart: async () => false,
  buyNow: async () => {},
  toggleWishlist: async () => {},
  isInWishlist: () => false,
  isAdding: () => false,
};

export const ProductActionsContext = createContext<ProductActions>(noop);

export const useProductActions = () => useContext(ProductActionsContext);
