/** The admin product list's filter bar: text, category, stock status and sort, in the browser. */
import { stockStatusOf } from '@/lib/product';
import type { Product, StockStatus } from '@/lib/types';

export type ProductSortKey = 'name' | 'price' | 'stock' | 'category';
export type SortDir = 'asc' | 'desc';

export interface ProductFilters {
  q: string;
  category: 'all' | string;
  stock: 'all' | StockStatus;
  sortBy: ProductSortKey;
  dir: SortDir;
}

export const defaultProductFilters: ProductFilters = { q: '', category: 'all', stock: 'all', sortBy: 'name', dir: 'asc' };

/** The server's stock status; computed from the stock only when it is missing. */
export const statusOf = (p: Product): StockStatus => p.stockStatus ?? stockStatusOf(p.stock);

export function filterProducts(products: Product[], f: ProductFilters): Product[] {
  const q = f.q.trim().toLowerCase();
  const out = products.filter(
    (p) =>
      (!q ||
        p.name?.toLowerCase().includes(q) ||
        p.description?.toLowerCase().includes(q) ||
        String(p.category ?? '').toLowerCase().includes(q)) &&
      (f.category === 'all' || p.category === f.category) &&
      (f.stock === 'all' || statusOf(p) === f.stock),
  );
  const sign = f.dir === 'asc' ? 1 : -1;
  const cmp = (a: Product, b: Product): number => {
    switch (f.sortBy) {
      case 'price':
        return (a.price ?? 0) - (b.price ?? 0);
      case 'stock':
        return (a.stock ?? 0) - (b.stock ?? 0);
      case 'category':
        return String(a.category).localeCompare(String(b.category)) || a.name.localeCompare(b.name);
      default:
        return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
    }
  };
  return [...out].sort((a, b) => sign * cmp(a, b));
}
