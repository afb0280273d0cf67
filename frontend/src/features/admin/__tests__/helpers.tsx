import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { User } from '@/lib/types';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen } from '@/testing/test-utils';

export const ADMIN_ID = 'a0000001-0000-7000-8000-000000000000';
export const adminUser = (overrides: Partial<User> = {}) =>
  makeUser({ _id: ADMIN_ID, role: 'admin', name: 'Sahra Admin', email: 'sahra@example.com', phone: '252610000000', ...overrides });

/** Renders the app at an admin path, signed in as the admin. */
export function renderAdmin(path: string, user: User = adminUser()) {
  return renderApp(path, { user });
}

/** recharts' ResponsiveContainer needs ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  if (!('ResizeObserver' in globalThis)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
  }
}

/**
 * Gives recharts' ResponsiveContainer a size (jsdom lays nothing out, so it measures 0 x 0 and
 * draws no chart), so a test sees the charts' SVG. Call it in `beforeEach` (mocks are restored
 * after each test).
 */
export function sizeCharts(width = 520, height = 288) {
  stubResizeObserver();
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? DOMRect.fromRect({ width, height }) : measure.call(this);
  });
}

/** Now in the shared axe helper (every `axeViolations` run applies it); kept for these tests. */
export { stubElementFromPoint } from '@/testing/axe';

/** Records the requests of one route: method, headers and parsed body. */
export function recordJson(method: 'post' | 'put' | 'delete', path: string, reply: (body: unknown) => Response) {
  const calls: { body: unknown; headers: Headers; contentType: string | null }[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const contentType = request.headers.get('content-type');
      let body: unknown = null;
      if (contentType?.includes('multipart/form-data')) body = await request.formData();
      else if (contentType?.includes('json')) body = await request.json();
      calls.push({ body, headers: request.headers, contentType });
      return reply(body);
    }),
  );
  return calls;
}

/** A reply to one page of a list: its rows and the total sent in `X-Total-Count` (the rows' count by default). */
export interface ListReply<T> {
  rows: T[];
  total?: number;
  /** Waited for before answering (to see the previous page stay while the next loads). */
  delay?: Promise<void>;
}

/**
 * Serves a list the server pages at `path`: `reply` picks the rows and total for each request.
 * Returns the query of every request, in order.
 */
export function serveList<T>(path: string, reply: (query: URLSearchParams) => ListReply<T>) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(path, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const { rows, total, delay } = reply(query);
      if (delay) await delay;
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(total ?? rows.length) } });
    }),
  );
  return requests;
}

/** A request's query as a plain object, for exact comparisons. */
export const paramsOf = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? []);

/** The app's current location (path and query), from the test app's location probe. */
export const currentUrl = () => screen.getByTestId('location').textContent;

/** A promise and its resolve function, to hold a reply back. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export { HttpResponse };

/** What a test shop prices: each product's price, and its pictures by size (the colour's). */
export interface QuotePrices {
  prices: Record<string, { name: string; price: number; image?: string | null; images?: Record<string, string> }>;
  /** The fee of a place (city and district as sent); none for a place not chosen. */
  fee?: (place: { city: string; district: string }) => number;
  /** What a code takes off the subtotal; a code it does not know is refused (400 on `discountCode`). */
  codes?: Record<string, (subtotal: number) => number>;
}

type QuoteBody = {
  lines: { productId: string; variantId?: string | null; quantity: number }[];
  discountCode: string | null;
  customer?: unknown;
  shippingAddress?: { city: string; district: string } | null;
};

/**
 * POST /api/admin/orders/quote answered as the server prices an order being taken: each line at
 * its product's price (the size's picture as its image), the place's fee once a city is sent
 * (null before), a code's discount. `answer` may answer instead (a refusal). Returns the bodies sent.
 */
export function serveQuote(shop: QuotePrices, answer?: (body: QuoteBody) => Response | undefined) {
  return recordJson('post', '/api/admin/orders/quote', (sent) => {
    const body = sent as QuoteBody;
    const instead = answer?.(body);
    if (instead) return instead;
    const products = body.lines.map((l) => {
      const p = shop.prices[l.productId];
      const variant = l.variantId ? { _id: l.variantId, size: l.variantId.replace(/^v-/, '').toUpperCase(), colour: null, sku: `SKU-${l.variantId}` } : null;
      const image = (l.variantId && p.images?.[l.variantId]) ?? p.image ?? null;
      return { productId: l.productId, name: p.name, image, price: p.price, quantity: l.quantity, variant, lineTotal: Math.round(p.price * l.quantity * 100) / 100 };
    });
    const subtotal = products.reduce((n, l) => n + l.lineTotal, 0);
    const code = body.discountCode;
    if (code && !shop.codes?.[code]) {
      return HttpResponse.json({ message: 'Please check the highlighted fields', errors: { discountCode: 'Discount code not found' } }, { status: 400 });
    }
    const discountAmount = code ? Math.round(shop.codes![code](subtotal) * 100) / 100 : 0;
    const place = body.shippingAddress;
    const shippingFee = place ? (shop.fee?.(place) ?? 5) : null;
    const totalAmount = Math.round((subtotal - discountAmount + (shippingFee ?? 0)) * 100) / 100;
    return HttpResponse.json({ products, subtotal, shippingFee, discountCode: code, discountAmount, totalAmount });
  });
}
