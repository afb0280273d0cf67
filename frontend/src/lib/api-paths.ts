/**
 * Where the API lives, how a request URL is spelled, and the catalogue requests shared by the
 * product calls and the early request (early-request.ts): both build their URLs here, so the
 * early reply is found under exactly the URL the page asks for.
 */
import type { ProductSort } from './types';

export const API_BASE = '/api';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** The URL of an API path with its query: parameters in the given order, empty ones left out. */
export function apiUrl(path: string, params?: QueryParams): string {
  let url = `${API_BASE}${path}`;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

/** Paths under API_BASE, spelled once so the early request and the app ask for the same URL. */
export const catalogPaths = {
  products: () => '/products',
  category: (category: string) => `/products/category/${encodeURIComponent(category)}`,
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  search: () => '/products/search',
  categories: () => '/products/categories',
  newArrivals: () => '/products/tag/new',
};

/**
 * The category page's filter buttons need only the category names. GET /api/products/categories
 * answers every category key (empty ones as `[]`) with at most `limit` products each, so it is
 * asked for one product per category, not the whole shop.
 */
export const categoryKeysRequest = { path: catalogPaths.categories(), params: { limit: 1 } satisfies QueryParams };

/** Products per page of the category page (/category, /category/:name); 'Load more' adds a page. */
export const CATEGORY_PAGE_SIZE = 24;
/** Products per page of the search results (/search?q=); 'Load more' adds a page. */
export const SEARCH_PAGE_SIZE = 24;
/** Products per page of /new-arrivals; 'Load more' adds a page. */
export const NEW_ARRIVALS_PAGE_SIZE = 24;

export const PRODUCT_SORTS: readonly ProductSort[] = ['relevance', 'price-asc', 'price-desc', 'newest'];

/** The sort of the search page's `sort` parameter; relevance when missing or unknown. */
export function parseSort(raw: string | null | undefined): ProductSort {
  return PRODUCT_SORTS.find((s) => s === raw) ?? 'relevance';
}

/** A product list the server answers one page at a time (`page`, `limit`; the total in `X-Total-Count`). */
export interface PagedList {
  path: string;
  /** The list's own parameters; `page` and `limit` follow them. */
  params: QueryParams;
  limit: number;
}

export const pagedLists = {
  /**
   * The category page's list: one category, or the whole catalogue when there is none; with a
   * `size`, only the products with stock in that size.
   */
  category: (category: string | undefined, size?: string): PagedList => ({
    path: category ? catalogPaths.category(category) : catalogPaths.products(),
    params: { size },
    limit: CATEGORY_PAGE_SIZE,
  }),
  /** The search page's list, sorted by the server; with a `size`, only the products with stock in that size. */
  search: (q: string, sort: ProductSort, size?: string): PagedList => ({
    path: catalogPaths.search(),
    params: { q, sort, size },
    limit: SEARCH_PAGE_SIZE,
  }),
  /** The new-arrivals page's list (the products tagged 'new'). */
  newArrivals: (): PagedList => ({ path: catalogPaths.newArrivals(), params: {}, limit: NEW_ARRIVALS_PAGE_SIZE }),
};

/** The query of one page of a paged list. */
export const pageParams = (list: PagedList, page: number): QueryParams => ({ ...list.params, page, limit: list.limit });

/** The URL of one page of a paged list. */
export const pageUrl = (list: PagedList, page: number): string => apiUrl(list.path, pageParams(list, page));
