import type { Product, StockStatus } from './types';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';
/** Shown when the server sends no stock figure (SPEC.md section 9). */
export const STOCK_FALLBACK = 11;
/** Quantity cap when the stock is unknown. */
export const QUANTITY_FALLBACK_MAX = 99;
export const REVIEWS_FALLBACK = 200;

/** Image URL for a server-relative path, or the placeholder when there is none. */
export function imageUrl(path: string | null | undefined): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

/** 0 is out of stock, 1 to 10 low, above 10 in stock. */
export function stockStatusOf(stock: number | null | undefined): StockStatus {
  const n = typeof stock === 'number' ? stock : STOCK_FALLBACK;
  if (n <= 0) return 'outOfStock';
  if (n <= 10) return 'lowStock';
  return 'inStock';
}

export const STOCK_LABELS: Record<StockStatus, string> = {
  inStock: 'In Stock',
  lowStock: 'Low Stock',
  outOfStock: 'Out of Stock',
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
