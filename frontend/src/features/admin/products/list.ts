/** The admin product list (GET /api/admin/products): search, category, stock status and sort. */
import { msg } from '@lingui/core/macro';
import { everyMember } from '@/lib/enums';
import { STOCK_LABELS } from '@/lib/product';
import { productKeys } from '@/lib/query-keys';
import type { Product, StockStatus } from '@/lib/types';
import { defineList, oneOf, SORT_DIRS, text, type FilterOption } from '../lib/list';
import { categoryName, PRODUCT_CATEGORIES } from '../lib/names';
import { choice } from '../lib/translated';

export const PRODUCTS_LOAD_FAILED = msg`Failed to load products. Please try again.`;

export const STOCK_FILTERS = everyMember<StockStatus>()(['inStock', 'lowStock', 'outOfStock']);
export const PRODUCT_SORTS = ['name', 'price', 'stock', 'category', 'createdAt'] as const;

export const CATEGORY_OPTIONS: readonly FilterOption<(typeof PRODUCT_CATEGORIES)[number] | ''>[] = [
  choice('', msg`All categories`),
  ...PRODUCT_CATEGORIES.map((c) => choice(c, () => categoryName(c))),
];

export const STOCK_OPTIONS: readonly FilterOption<StockStatus | ''>[] = [
  choice('', msg`All stock`),
  ...STOCK_FILTERS.map((s) => choice(s, STOCK_LABELS[s])),
];

export const SORT_OPTIONS: readonly FilterOption<(typeof PRODUCT_SORTS)[number]>[] = [
  choice('name', msg`Name`),
  choice('price', msg`Price`),
  choice('stock', msg`Stock`),
  choice('category', msg`Category`),
  choice('createdAt', msg`Date added`),
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
