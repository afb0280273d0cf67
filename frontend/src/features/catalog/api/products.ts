/**
 * Product calls, their query keys and hooks. Shared by the storefront and the admin area.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogPaths } from '@/lib/api-paths';
import { productKeys } from '@/lib/query-keys';
import type {
  CategoriesReply,
  ListParams,
  MessageReply,
  Product,
  ProductInput,
  ProductSort,
} from '@/lib/types';

export { productKeys };

const CATALOG_STALE = 60_000;

// ---- fetchers ----

export const getProducts = (params: ListParams = {}, signal?: AbortSignal) =>
  api.get<Product[]>(catalogPaths.products(), { params: { ...params }, signal });
export const getProductsByCategory = (category: string, signal?: AbortSignal) =>
  api.get<Product[]>(catalogPaths.category(category), { signal });
export const getFeaturedProducts = (signal?: AbortSignal) => api.get<Product[]>('/products/featured', { signal });
export const getNewArrivals = (signal?: AbortSignal) => api.get<Product[]>('/products/tag/new', { signal });
export const getCategories = (signal?: AbortSignal) => api.get<CategoriesReply>('/products/categories', { signal });
export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<Product>(catalogPaths.product(id), { signal });
export const searchProducts = (q: string, sort: ProductSort, signal?: AbortSignal) =>
  api.get<Product[]>('/products/search', { params: { q, sort }, signal });

// ---- query options ----

export const productsQuery = (params: ListParams = {}) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    staleTime: CATALOG_STALE,
  });

export const categoryProductsQuery = (category: string) =>
  queryOptions({
    queryKey: productKeys.list({ category }),
    queryFn: ({ signal }) => getProductsByCategory(category, signal),
    staleTime: CATALOG_STALE,
  });

export const featuredProductsQuery = () =>
  queryOptions({
    queryKey: productKeys.list({ featured: true }),
    queryFn: ({ signal }) => getFeaturedProducts(signal),
    staleTime: CATALOG_STALE,
  });

export const newArrivalsQuery = () =>
  queryOptions({
    queryKey: productKeys.list({ tag: 'new' }),
    queryFn: ({ signal }) => getNewArrivals(signal),
    staleTime: CATALOG_STALE,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * CATALOG_STALE,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: CATALOG_STALE,
  });

export const searchQuery = (q: string, sort: ProductSort) =>
  queryOptions({
    queryKey: productKeys.search(q, sort),
    queryFn: ({ signal }) => searchProducts(q, sort, signal),
    staleTime: CATALOG_STALE,
  });

// ---- hooks ----

export const useProducts = (params: ListParams = {}) => useQuery(productsQuery(params));
export const useCategoryProducts = (category: string | undefined) =>
  useQuery(category ? categoryProductsQuery(category) : productsQuery());
export const useFeaturedProducts = () => useQuery(featuredProductsQuery());
export const useNewArrivals = () => useQuery(newArrivalsQuery());
export const useCategories = () => useQuery(categoriesQuery());
/** A product already in a cached list (lists, search, categories), to show before its details arrive. */
function findCachedProduct(qc: QueryClient, id: string): Product | undefined {
  for (const [, data] of qc.getQueriesData<Product[] | CategoriesReply>({ queryKey: productKeys.all })) {
    const lists = Array.isArray(data) ? [data] : data && typeof data === 'object' ? Object.values(data) : [];
    for (const list of lists) {
      if (!Array.isArray(list)) continue;
      const found = list.find((p) => p && p._id === id);
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
export const useSearchProducts = (q: string, sort: ProductSort) =>
  useQuery({ ...searchQuery(q, sort), enabled: q.trim().length > 0 });

// ---- admin mutations (used by the admin area) ----

function toFormData(input: ProductInput): FormData {
  const fd = new FormData();
  fd.set('name', input.name);
  fd.set('category', input.category);
  fd.set('description', input.description);
  fd.set('price', String(input.price));
  fd.set('stock', String(input.stock));
  fd.set('discount', String(input.discount));
  fd.set('tags', input.tags.join(','));
  fd.set('isFeatured', String(input.isFeatured));
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

interface MutationCallbacks<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

export function useCreateProduct(options: MutationCallbacks<Product, ProductInput> = {}) {
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

export function useUpdateProduct(options: MutationCallbacks<Product, { id: string; input: ProductInput }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      qc.setQueryData(productKeys.detail(data._id), data);
      await qc.invalidateQueries({ queryKey: productKeys.all });
      options.onSuccess?.(data, vars);
    },
  });
}

export function useDeleteProduct(options: MutationCallbacks<MessageReply, string> = {}) {
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
