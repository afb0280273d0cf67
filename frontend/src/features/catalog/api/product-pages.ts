/**
 * The paged product lists of the category page, the search results and /new-arrivals: one page at a time
 * with TanStack Query's infinite queries ('Load more' is `fetchNextPage`), and the category
 * names of the category page's filter buttons. Apart from lib/api/products.ts (whose queries the main
 * chunk uses) so this code is only downloaded with those pages, not by every first visit
 * of the home page.
 */
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoryKeysRequest } from '@/lib/api-paths';
import type { CategoriesReply, Product, ProductSort } from '@/lib/types';
import {
  CATALOG_STALE,
  categoryPagesQuery,
  newArrivalsPagesQuery,
  productKeys,
  searchPagesQuery,
  type ProductPage,
} from '@/lib/api/products';

/**
 * The products of the loaded pages in order, each once (a product added or removed between two
 * page requests shifts the pages, so one may come twice), and the list's latest total.
 */
export function pagedProducts(data: { pages: ProductPage[] } | undefined): { products: Product[]; total: number | null } {
  if (!data) return { products: [], total: null };
  const seen = new Set<string>();
  const products: Product[] = [];
  for (const page of data.pages) {
    for (const product of page.products) {
      if (seen.has(product._id)) continue;
      seen.add(product._id);
      products.push(product);
    }
  }
  return { products, total: data.pages.at(-1)?.total ?? null };
}

/**
 * The category page's products, one page at a time ('Load more' is `fetchNextPage`). Another
 * category or size keeps the products shown until its first page arrives (`isPlaceholderData`).
 */
export const useCategoryProductPages = (category: string | undefined, size?: string) =>
  useInfiniteQuery({ ...categoryPagesQuery(category, size), placeholderData: keepPreviousData });

/** Search results one page at a time; the previous results stay shown while another query, sort or size loads. */
export const useSearchProducts = (q: string, sort: ProductSort, size?: string) =>
  useInfiniteQuery({ ...searchPagesQuery(q, sort, size), enabled: q.trim().length > 0, placeholderData: keepPreviousData });

/** The new-arrivals page's products, one page at a time ('Load more' is `fetchNextPage`). */
export const useNewArrivalPages = () => useInfiniteQuery(newArrivalsPagesQuery());

/**
 * The shop's category names in the server's order (GET /api/products/categories?limit=1: every
 * key, empty categories included, with at most one product each; the products are not used).
 */
export async function getCategoryKeys(signal?: AbortSignal): Promise<string[]> {
  const reply = await api.get<CategoriesReply | null>(categoryKeysRequest.path, { params: categoryKeysRequest.params, signal });
  return reply && typeof reply === 'object' && !Array.isArray(reply) ? Object.keys(reply) : [];
}

/** The category names change only when the server's categories do: kept five times the catalogue's stale time. */
export const categoryKeysQuery = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => getCategoryKeys(signal),
    staleTime: 5 * CATALOG_STALE,
  });

/** The category page's filter keys; no data while they load or when the call failed (it is logged). */
export const useCategoryKeys = () => useQuery(categoryKeysQuery());
