/** Where the API lives, and the catalogue paths shared by the product calls and the early request. */
export const API_BASE = '/api';

/** Paths under API_BASE, spelled once so the early request and the app ask for the same URL. */
export const catalogPaths = {
  products: () => '/products',
  category: (category: string) => `/products/category/${encodeURIComponent(category)}`,
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
};
