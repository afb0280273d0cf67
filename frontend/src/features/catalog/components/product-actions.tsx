/**
 * What a product card can do (add to cart, wishlist). The catalog defines the contract;
 * the app provides it, wiring the cart and wishlist features.
 */
import { createContext, useContext } from 'react';
import type { Product } from '@/lib/types';

export interface ProductActions {
  addToCart: (product: Product, quantity?: number) => Promise<boolean>;
  buyNow: (product: Product, quantity: number) => Promise<void>;
  toggleWishlist: (product: Product) => Promise<void>;
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
