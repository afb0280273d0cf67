import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
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
