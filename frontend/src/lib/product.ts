import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Product, StockStatus } from './types';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';
/** Quantity cap when the stock is unknown. */
export const QUANTITY_FALLBACK_MAX = 99;
export const REVIEWS_FALLBACK = 200;

/** Image URL for a server-relative path, or the placeholder when there is none. */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

export const STOCK_LABELS: Record<StockStatus, MessageDescriptor> = {
  inStock: msg`In Stock`,
  lowStock: msg`Low Stock`,
  outOfStock: msg`Out of Stock`,
};

/** The most a shopper may order: the stock, or 99 when unknown. */
export function maxQuantity(product: Pick<Product, 'stock'>): number {
  return typeof product.stock === 'number' ? Math.max(0, product.stock) : QUANTITY_FALLBACK_MAX;
}

/** Whether the product is shown as discounted: the server sent an original price above the price. */
export function hasDiscount(product: Pick<Product, 'discount' | 'originalPrice' | 'price'>): boolean {
  return product.discount > 0 && typeof product.originalPrice === 'number' && product.originalPrice > product.price;
}

/** What the shopper saves per unit, from the server's two prices (no discount arithmetic here). */
export function savings(product: Pick<Product, 'discount' | 'originalPrice' | 'price'>): number {
  if (!hasDiscount(product)) return 0;
  return Math.round(((product.originalPrice as number) - product.price) * 100) / 100;
}

/** The picture a product card shows: the thumbnail, else the full size. */
export function cardImagePath(product: Pick<Product, 'image' | 'thumbnail'>): string | null {
  return product.thumbnail || product.image || null;
}

/** Grids load this many card pictures at once with high priority (a phone's first screen, a desktop row). */
export const EAGER_CARD_IMAGES = 4;

/** A small and a large version of a picture with their pixel widths, and the layout's `sizes` rule. */
export interface ResponsiveSources {
  small: string | null | undefined;
  smallWidth: number;
  largeWidth: number;
  sizes: string;
}

/**
 * The product page's main picture: the server's thumbnail (320 px wide for the shop's 4:5
 * pictures) and full size (800 px), full width on phones and about 560 px beside the details.
 */
export const galleryImageSources = (product: Pick<Product, 'thumbnail'>): ResponsiveSources => ({
  small: product.thumbnail,
  smallWidth: 320,
  largeWidth: 800,
  sizes: '(min-width: 768px) 560px, 100vw',
});

/** The `srcset` of a picture with a smaller version, or undefined when there is none. */
export function srcSetFor(path: string | null | undefined, responsive: ResponsiveSources | undefined): string | undefined {
  if (!path || !responsive?.small || responsive.small === path) return undefined;
  return `${imageUrl(responsive.small)} ${responsive.smallWidth}w, ${imageUrl(path)} ${responsive.largeWidth}w`;
}

