// The JSON API (docs/api.md), for setting up a journey and checking what the screens do not show.
import { ADMIN } from './server.mjs';

let counter = 0;

/**
 * Products per page of the storefront's category page and search results
 * (frontend/src/lib/api-paths.ts): they show this many first, then 'Load more' adds a page.
 */
export const STOREFRONT_PAGE_SIZE = 24;

/** A new shopper's details, unique within the run. */
export function newShopper(label) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    name: `${label} Shopper`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${stamp}@example.com`,
    phone: `61${String(1000000 + ((Date.now() + counter * 7919) % 8999999)).slice(0, 7)}`,
    password: 'secret123',
  };
}

export class Api {
  constructor(baseUrl, token = null) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  async call(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const reply = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    const json = text ? JSON.parse(text) : null;
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return json;
  }

  /** An Api signed in as `who` (registered first when `register` is set). */
  async as(who, { register = false } = {}) {
    const path = register ? '/api/auth/register' : '/api/auth/login';
    const body = register
      ? { name: who.name, email: who.email, phone: who.phone, password: who.password }
      : { email: who.email, password: who.password };
    const reply = await this.call('POST', path, body);
    const api = new Api(this.baseUrl, reply.token);
    api.user = reply.user;
    return api;
  }

  /** One page of a server-paged list (the admin lists): its rows and `X-Total-Count`. */
  async list(path) {
    const headers = { Accept: 'application/json' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const reply = await fetch(`${this.baseUrl}${path}`, { headers });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`GET ${path}: ${reply.status} ${text}`);
    return { rows: JSON.parse(text), total: Number(reply.headers.get('x-total-count')) };
  }

  asAdmin() {
    return this.as(ADMIN);
  }

  /** Someone with `users.manage` making an account with a role (`user`, `admin`, `orders`, `stock`, `rider`): `{user, temporaryPassword}`. */
  createUser({ name, email, phone, role }) {
    return this.call('POST', '/api/auth/register', { name, email, phone, role });
  }
  /** Changes an account: one's own (a new `password` needs `currentPassword`), or any with `users.manage`. */
  updateUser(id, input) {
    return this.call('PUT', `/api/users/${id}`, input);
  }

  products() {
    return this.call('GET', '/api/products');
  }
  product(id) {
    return this.call('GET', `/api/products/${id}`);
  }
  category(name) {
    return this.call('GET', `/api/products/category/${name}`);
  }
  search(q, sort = 'relevance') {
    return this.call('GET', `/api/products/search?q=${encodeURIComponent(q)}&sort=${sort}`);
  }
  cart() {
    return this.call('GET', '/api/cart');
  }
  /** The cart priced for delivery to `city` and `district`: that zone's fee in its totals. */
  cartTo(city, district) {
    return this.call('GET', `/api/cart?${new URLSearchParams({ city, district })}`);
  }
  /** Adds to the cart; a product with sizes needs the size's id (`variantId`). */
  addToCart(productId, quantity = 1, variantId = undefined) {
    return this.call('POST', '/api/cart/add', variantId ? { productId, variantId, quantity } : { productId, quantity });
  }
  orders() {
    return this.call('GET', '/api/orders');
  }
  /** Pays the cart; `shippingAddress` `{fullName, phone, city, district, addressLine}` is optional. */
  checkout(paymentPhone, shippingAddress = undefined) {
    return this.call('POST', '/api/orders/checkout', { paymentMethod: 'evc-plus', paymentPhone, shippingAddress });
  }
  order(id) {
    return this.call('GET', `/api/orders/${id}`);
  }
  /** An admin moving an order on: `pending`, `shipped`, `delivered` or `canceled`. */
  setOrderStatus(id, status) {
    return this.call('PUT', `/api/orders/${id}`, { status });
  }
  /** The order's returns, newest first (its shopper or an admin). */
  orderReturns(id) {
    return this.call('GET', `/api/orders/${id}/returns`);
  }
  /** An admin adding a product from JSON: `{name, category, price, …, variants: [{size, colour?, stock}]}`. */
  createProduct(input) {
    return this.call('POST', '/api/products', input);
  }
  stats() {
    return this.call('GET', '/api/admin/stats');
  }
  /** An admin making a discount code: `{code, kind, value, …}` as docs/api.md "Discount codes" has it. */
  createDiscount(input) {
    return this.call('POST', '/api/admin/discounts', input);
  }
  /** The newest discount codes (an admin's first page of 100). */
  async discounts() {
    return (await this.list('/api/admin/discounts?page=1&limit=100')).rows;
  }
}

/** Whether a product is one-size (no sizes to choose: scarves, bags, jewellery, hats). */
export const isOneSize = (product) => !product.variants?.length;

/** Prices as the storefront prints them: `$12.50`. */
export const dollars = (amount) => `$${amount.toFixed(2)}`;

/** Whole cents of a dollar amount as the API sends it (at most two decimals). */
export const cents = (amount) => Math.round(amount * 100);
