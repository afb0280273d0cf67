import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Product } from '@/lib/types';
import { useSession } from '@/stores/session';
import { defaultSettings, makeCart, makeWishlist } from './data';

/** Replies every page needs; tests add their own with server.use(...). */
export const defaultHandlers = [
  http.get('/api/auth/me', () => {
    const user = useSession.getState().user;
    return user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 });
  }),
  http.get('/api/settings', () => HttpResponse.json(defaultSettings)),
  http.get('/api/cart', () => HttpResponse.json(makeCart([]))),
  http.get('/api/wishlist', () => HttpResponse.json(makeWishlist([]))),
  http.get('/api/products', () => HttpResponse.json([])),
  http.get('/api/products/featured', () => HttpResponse.json([])),
  http.get('/api/products/tag/new', () => HttpResponse.json([])),
  http.get('/api/products/categories', () => HttpResponse.json({ women: [], kids: [], sales: [] })),
];

export const server = setupServer(...defaultHandlers);

/**
 * A product list as the server pages it: `?page=&limit=` answer that slice with the total in
 * `X-Total-Count`; without them the whole list (still with the total).
 */
export function pagedReply(all: Product[], request: Request) {
  const url = new URL(request.url);
  const page = url.searchParams.get('page');
  const limit = url.searchParams.get('limit');
  const headers = { 'X-Total-Count': String(all.length) };
  if (page === null && limit === null) return HttpResponse.json(all, { headers });
  const size = Number(limit ?? 20);
  const from = (Number(page ?? 1) - 1) * size;
  return HttpResponse.json(all.slice(from, from + size), { headers });
}
