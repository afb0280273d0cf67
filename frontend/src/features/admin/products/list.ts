/** The admin product list (GET /api/admin/products): search, category, stock status and sort. */
import { capitalize } from '@/lib/format';
import { productKeys } from '@/lib/query-keys';
import type { Product, StockStatus } from '@/lib/types';
import { defineList, oneOf, SORT_DIRS, text, type FilterOption } from '../lib/list';
import { PRODUCT_CATEGORIES } from './product-form';

export const PRODUCTS_LOAD_FAILED = 'Failed to load products. Please try again.';

export const STOCK_FILTERS = ['inStock', 'lowStock', 'outOfStock'] as const satisfies readonly StockStatus[];
export const PRODUCT_SORTS = ['name', 'price', 'stock', 'category', 'createdAt'] as const;

export const CATEGORY_OPTIONS: readonly FilterOption<(typeof PRODUCT_CATEGORIES)[number] | ''>[] = [
  { value: '', label: 'All categories' },
  ...PRODUCT_CATEGORIES.map((c) => ({ value: c, label: capitalize(c) })),
];

export const STOCK_OPTIONS: readonly FilterOption<StockStatus | ''>[] = [
  { value: '', label: 'All stock' },
  { value: 'inStock', label: 'In Stock' },
  { value: 'lowStock', label: 'Low Stock' },
  { value: 'outOfStock', label: 'Out of Stock' },
];

export const SORT_OPTIONS: readonly FilterOption<(typeof PRODUCT_SORTS)[number]>[] = [
  { value: 'name', label: 'Name' },
  { value: 'price', label: 'Price' },
  { value: 'stock', label: 'Stock' },
  { value: 'category', label: 'Category' },
  { value: 'createdAt', label: 'Date added' },
];

export const productsList = defineList<Product>()({
  path: '/admin/products',
  keys: productKeys.admin,
  filters: {
    q: text(),
    category: oneOf(PRODUCT_CATEGORIES),
    stock: oneOf(STOCK_FILTERS),
    sort: oneOf(PRODUCT_SORTS, 'name'),
    dir: oneOf(SORT_DIRS, 'asc'),
  },
  failure: { message: PRODUCTS_LOAD_FAILED, log: 'Failed to load products' },
});
