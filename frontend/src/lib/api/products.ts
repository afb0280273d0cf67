/**
 * Product calls, their query keys and hooks. Shared by the storefront and the admin area.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, requestPage } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { catalogPaths, pagedLists, pageParams, type PagedList } from '@/lib/api-paths';
import { outside, putRowInPages } from '@/lib/list-cache';
import { productKeys } from '@/lib/query-keys';
import type {
  ListParams,
  MessageReply,
  Product,
  ProductInput,
  ProductSort,
} from '@/lib/types';

export { productKeys };

/** How long a catalogue reply is used before it is asked for again. */
export const CATALOG_STALE = 60_000;

// ---- fetchers ----

export const getProducts = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Product[]>(catalogPaths.products(), { params: { ...params }, signal });
export const getFeaturedProducts = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Product[]>('/products/featured', { params: { ...params }, signal });
export const getNewArrivals = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Product[]>(catalogPaths.newArrivals(), { params: { ...params }, signal });
export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<Product>(catalogPaths.product(id), { signal });

/** One page of a paged product list, with the list's total from `X-Total-Count`. */
export interface ProductPage {
  products: Product[];
  /** How many products the whole list has; null when the server did not say. */
  total: number | null;
  page: number;
  limit: number;
}

export async function getProductPage(list: PagedList, page: number, signal?: AbortSignal): Promise<ProductPage> {
  const { rows, total } = await requestPage<Product>(list.path, { params: pageParams(list, page), signal });
  return { products: rows, total, page, limit: list.limit };
}

/** The page after `last`, or undefined when every product of the list is loaded. */
export function nextPageOf(last: ProductPage, pages: ProductPage[]): number | undefined {
  if (last.products.length === 0) return undefined;
  if (last.total === null) return last.products.length >= last.limit ? last.page + 1 : undefined;
  const loaded = pages.reduce((n, p) => n + p.products.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

// ---- query options ----

export const productsQuery = (params: ListParams = {}) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    staleTime: CATALOG_STALE,
  });

const pagedListQuery = (queryKey: readonly unknown[], list: PagedList) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getProductPage(list, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: CATALOG_STALE,
  });

/** The category page's products (a category, or all of them; in one size when given), one page at a time. */
export const categoryPagesQuery = (category: string | undefined, size?: string) => {
  const list = pagedLists.category(category, size);
  return pagedListQuery(productKeys.pages({ category: category ?? null, size: size ?? null, limit: list.limit }), list);
};

/** Search results, sorted by the server (in one size when given), one page at a time; another sort or size starts again at page 1. */
export const searchPagesQuery = (q: string, sort: ProductSort, size?: string) => {
  const list = pagedLists.search(q, sort, size);
  return pagedListQuery(productKeys.search(q, sort, size ?? null, list.limit), list);
};

/** The new-arrivals page's products, one page at a time. */
export const newArrivalsPagesQuery = () => {
  const list = pagedLists.newArrivals();
  return pagedListQuery(productKeys.pages({ tag: 'new', limit: list.limit }), list);
};

export const featuredProductsQuery = (params: ListParams = {}) =>
  queryOptions({
    queryKey: productKeys.list({ featured: true, ...params }),
    queryFn: ({ signal }) => getFeaturedProducts(params, signal),
    staleTime: CATALOG_STALE,
  });

export const newArrivalsQuery = (params: ListParams = {}) =>
  queryOptions({
    queryKey: productKeys.list({ tag: 'new', ...params }),
    queryFn: ({ signal }) => getNewArrivals(params, signal),
    staleTime: CATALOG_STALE,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: CATALOG_STALE,
  });

// ---- hooks ----

export const useProducts = (params: ListParams = {}) => useQuery(productsQuery(params));
export const useFeaturedProducts = (params: ListParams = {}) => useQuery(featuredProductsQuery(params));
export const useNewArrivals = (params: ListParams = {}) => useQuery(newArrivalsQuery(params));

/** The product lists held by a cached reply: a list, one page per page of a paged list, or categories. */
function cachedLists(data: unknown): unknown[] {
  if (Array.isArray(data)) return [data];
  if (!data || typeof data !== 'object') return [];
  const pages = (data as { pages?: unknown }).pages;
  if (Array.isArray(pages)) return pages.map((p) => (p as Partial<ProductPage> | null)?.products);
  return Object.values(data);
}

/** A product already in a cached list (lists, search, categories), to show before its details arrive. */
function findCachedProduct(qc: QueryClient, id: string): Product | undefined {
  for (const [, data] of qc.getQueriesData<unknown>({ queryKey: productKeys.all })) {
    for (const list of cachedLists(data)) {
      if (!Array.isArray(list)) continue;
      const found = (list as (Product | null)[]).find((p) => p && p._id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** One product; shown at once from a cached list on slow networks, then refreshed. */
export function useProduct(id: string | undefined) {
  const qc = useQueryClient();
  return useQuery({
    ...productQuery(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    placeholderData: () => (id ? findCachedProduct(qc, id) : undefined),
  });
}
// ---- admin mutations (used by the admin area) ----

function toFormData(input: ProductInput): FormData {
  const fd = new FormData();
  fd.set('name', input.name);
  fd.set('category', input.category);
  fd.set('description', input.description);
  fd.set('price', String(input.price));
  if (input.stock !== undefined) fd.set('stock', String(input.stock));
  if (input.expectedStock !== undefined) fd.set('expectedStock', String(input.expectedStock));
  fd.set('discount', String(input.discount));
  fd.set('tags', input.tags.join(','));
  fd.set('isFeatured', String(input.isFeatured));
  // The sizes travel as one field holding their JSON.
  if (input.variants) fd.set('variants', JSON.stringify(input.variants));
  if (input.image) fd.set('image', input.image);
  return fd;
}

export const createProduct = (input: ProductInput) => api.post<Product>('/products', toFormData(input));

export const updateProduct = ({ id, input }: { id: string; input: ProductInput }) => {
  if (input.image) return api.put<Product>(`/products/${encodeURIComponent(id)}`, toFormData(input));
  const { image: _image, ...fields } = input;
  void _image;
  return api.put<Product>(`/products/${encodeURIComponent(id)}`, fields);
};

export const deleteProduct = (id: string) => api.delete<MessageReply>(`/products/${encodeURIComponent(id)}`);

export function useCreateProduct(options: MutationOptions<Product, ProductInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      await qc.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.(data, vars);
    },
  });
}

export function useUpdateProduct(options: MutationOptions<Product, { id: string; input: ProductInput }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      qc.setQueryData(productKeys.detail(data._id), data);
      // The admin's list shows the edit in place; the catalogue's lists are fetched again.
      await Promise.all([
        putRowInPages(qc, productKeys.admin, data),
        qc.invalidateQueries({ queryKey: productKeys.all, predicate: outside(productKeys.admin.pages()) }),
      ]);
      options.onSuccess?.(data, vars);
    },
  });
}

export function useDeleteProduct(options: MutationOptions<MessageReply, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onError: options.onError,
    onSuccess: async (data, id) => {
      qc.removeQueries({ queryKey: productKeys.detail(id) });
      await qc.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.(data, id);
    },
  });
}
