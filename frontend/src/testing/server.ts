import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Cart, DeliveryPlace, DeliveryZone, Product } from '@/lib/types';
import { useSession } from '@/stores/session';
import {
  defaultSettings,
  deliveryCitiesOf,
  emptyReviewSummary,
  makeCart,
  makePaymentMethods,
  makeWishlist,
  WALLETS,
  withDelivery,
  withDiscount,
} from './data';

/** Replies every page needs; tests add their own with server.use(...). */
export const defaultHandlers = [
  http.get('/api/auth/me', () => {
    const user = useSession.getState().user;
    return user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not signed in' }, { status: 401 });
  }),
  // The switch keeps a signed-in person's choice: the server answers them with it.
  http.put('/api/auth/language', async ({ request }) => {
    const user = useSession.getState().user;
    const { language } = (await request.json()) as { language?: string };
    return user ? HttpResponse.json({ ...user, language }) : HttpResponse.json({ message: 'Please log in to continue' }, { status: 401 });
  }),
  http.get('/api/settings', () => HttpResponse.json(defaultSettings)),
  http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods(WALLETS))),
  // A shop without delivery zones: the checkout's city and district are typed, at the flat fee.
  http.get('/api/delivery/zones', () => HttpResponse.json([])),
  http.get('/api/cart', () => HttpResponse.json(makeCart([]))),
  http.get('/api/wishlist', () => HttpResponse.json(makeWishlist([]))),
  http.get('/api/products', () => HttpResponse.json([])),
  http.get('/api/products/featured', () => HttpResponse.json([])),
  http.get('/api/products/tag/new', () => HttpResponse.json([])),
  http.get('/api/products/categories', () => HttpResponse.json({ women: [], kids: [], sales: [] })),
  // A product page's reviews: none yet; a signed-in shopper who has not received the product.
  http.get('/api/products/:id/reviews', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/products/:id/reviews/summary', () => HttpResponse.json(emptyReviewSummary)),
  // The back office's payment attempts (an order's page asks for its own): none.
  http.get('/api/admin/payments', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('/api/products/:id/reviews/mine', () =>
    useSession.getState().user
      ? HttpResponse.json({ canReview: false, reason: 'Only shoppers who have received this product can review it', review: null })
      : HttpResponse.json({ message: 'Not signed in' }, { status: 401 }),
  ),
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

/**
 * A cart whose discount calls answer like the server's: `codes` are the codes it knows, each
 * with what it takes off, matched whatever the case; any other is 404 'Discount code not
 * found'. Returns the codes sent, how often the cart was fetched, and `set` to change the cart
 * the server holds.
 */
export function serveDiscountCart(cart: Cart, codes: Record<string, number>) {
  let current = cart;
  let fetched = 0;
  const sent: string[] = [];
  server.use(
    http.get('/api/cart', () => {
      fetched += 1;
      return HttpResponse.json(current);
    }),
    http.post('/api/cart/discount', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      sent.push(code);
      const known = code.trim().toUpperCase();
      if (!(known in codes)) return HttpResponse.json({ message: 'Discount code not found' }, { status: 404 });
      current = withDiscount(cart, known, codes[known]);
      return HttpResponse.json(current);
    }),
    http.delete('/api/cart/discount', () => {
      current = { ...cart, discount: null, discountNotApplied: null };
      return HttpResponse.json(current);
    }),
  );
  return {
    sent,
    fetched: () => fetched,
    set: (next: Cart) => {
      current = next;
    },
  };
}

/**
 * A shop delivering to `zones`: GET /api/delivery/zones lists them by city, and GET /api/cart
 * answers `cart` priced like the server's: with `?city=` (and `&district=`), the zone's fee and
 * `delivery`; a place outside the zones or switched off, 400 with the server's message on its
 * field (the names matched whatever their case). Returns every place the cart was asked for
 * (null: asked without one).
 */
export function serveDeliveryZones(zones: readonly DeliveryZone[], cart: Cart) {
  const asked: (DeliveryPlace | null)[] = [];
  const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  const refuse = (field: 'city' | 'district', message: string) =>
    HttpResponse.json({ message: 'Please check the highlighted fields', errors: { [field]: message } }, { status: 400 });
  server.use(
    http.get('/api/delivery/zones', () => HttpResponse.json(deliveryCitiesOf(zones))),
    http.get('/api/cart', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const city = query.get('city');
      const district = query.get('district') ?? '';
      if (city === null) {
        asked.push(null);
        return HttpResponse.json(cart);
      }
      asked.push({ city, district });
      const inCity = zones.filter((z) => same(z.city, city));
      if (inCity.length === 0) return refuse('city', `We do not deliver to ${city}. Choose a place from the list.`);
      const zone = inCity.find((z) => z.district === null) ?? inCity.find((z) => same(z.district, district));
      if (!zone) return district ? refuse('district', `We do not deliver to ${district}, ${inCity[0].city}. Choose a place from the list.`) : refuse('district', 'District is required');
      // As the server: under `district` even for a city delivered as a whole.
      if (!zone.served) return refuse('district', `We are not delivering to ${zone.district ? `${zone.district}, ` : ''}${zone.city} at the moment`);
      return HttpResponse.json(withDelivery(cart, zone));
    }),
  );
  return { asked };
}
