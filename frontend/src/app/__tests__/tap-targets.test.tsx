/**
 * Every control of the storefront's screens is at least 44 × 44 CSS px (header icons, the
 * language switch, the hero's dots, the cards' hearts, the cart's buttons, the footer's links…),
 * as `tapTargetProblems` reads it from the classes.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  makeCart,
  makeOrder,
  makeOrderDetail,
  makeProduct,
  makeRestockRequest,
  makeRiderDelivery,
  makeSizedProduct,
  makeUser,
  makeVariant,
  makeWishlist,
} from '@/testing/data';
import { server, pagedReply } from '@/testing/server';
import { tapTargetProblems } from '@/testing/tap-targets';
import { renderApp, screen } from '@/testing/test-utils';

const products = Array.from({ length: 6 }, (_, i) => makeProduct({ name: `Dress ${i + 1}`, discount: i % 2 ? 20 : 0, isFeatured: true }));

function serveShop() {
  server.use(
    http.get('/api/products', ({ request }) => pagedReply(products, request)),
    http.get('/api/products/featured', () => HttpResponse.json(products)),
    http.get('/api/products/tag/new', () => HttpResponse.json(products.slice(0, 4))),
    http.get('/api/products/search', ({ request }) => pagedReply(products, request)),
    http.get('/api/products/category/:category', ({ request }) => pagedReply(products, request)),
    http.get('/api/cart', () => HttpResponse.json(makeCart([{ product: products[0], quantity: 2 }]))),
    http.get('/api/wishlist', () => HttpResponse.json(makeWishlist(products.slice(0, 2)))),
  );
}

describe('tap targets of 44 × 44 px', () => {
  it('on the home page: header, language switch, hero dots and arrows, cards, carousel and footer', async () => {
    serveShop();
    renderApp('/', { user: true });
    await screen.findAllByRole('button', { name: 'Add to Cart: Dress 1' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it('in the search box and the mobile menu, signed out', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(tapTargetProblems(screen.getByRole('search')).join('\n')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(tapTargetProblems(document.querySelector('#mobile-menu') as Element).join('\n')).toBe('');
    expect(tapTargetProblems(document.querySelector('header') as Element).join('\n')).toBe('');
  });

  it('on the category and search pages', async () => {
    serveShop();
    const category = renderApp('/category/women', { user: true });
    await screen.findAllByRole('button', { name: 'Add to Cart: Dress 1' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
    category.unmount();
    renderApp('/search?q=dress', { user: true });
    await screen.findByRole('list', { name: 'Search results' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it('on a product page with sizes and colours', async () => {
    const product = makeSizedProduct([makeVariant('S', 3), makeVariant('M', 0)], { _id: 'p-sized', name: 'Wrap Dress' });
    server.use(http.get('/api/products/p-sized', () => HttpResponse.json(product)));
    renderApp('/product/p-sized', { user: true });
    await screen.findByRole('heading', { level: 1, name: 'Wrap Dress' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it('on the cart and the wishlist', async () => {
    serveShop();
    const cart = renderApp('/cart', { user: true });
    await screen.findByRole('button', { name: 'Clear cart' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
    cart.unmount();
    renderApp('/wishlist', { user: true });
    await screen.findByRole('heading', { level: 1, name: 'My Wishlist' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it('on the checkout', async () => {
    serveShop();
    renderApp('/checkout', { user: true });
    await screen.findByLabelText('EVC Plus Phone Number', {}, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it('on the account pages: orders, an order (and one to pay now), back-in-stock requests, the rider\'s deliveries', async () => {
    const order = makeOrderDetail({ _id: 'o-tap', status: 'delivered' });
    // Taken by phone, waiting for the shopper's payment: Pay now.
    const phoneOrder = makeOrderDetail({ _id: 'o-pay', channel: 'phone', paymentStatus: 'pending', paymentMethod: null, paymentAwaits: 'customer' });
    server.use(
      http.get('/api/orders', () => HttpResponse.json([makeOrder({ _id: 'o-tap' })])),
      http.get('/api/orders/:id', ({ params }) => HttpResponse.json(params.id === 'o-pay' ? phoneOrder : order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
      http.get('/api/restock-alerts', () => HttpResponse.json([makeRestockRequest()], { headers: { 'X-Total-Count': '1' } })),
      http.get('/api/deliveries', () => HttpResponse.json([makeRiderDelivery()])),
      http.get('/api/deliveries/cash', () => HttpResponse.json({ date: '2026-12-02', deliveries: 1, collected: 20, handedIn: 0, inHand: 20 })),
    );
    const screens: [string, () => Promise<unknown>, Parameters<typeof renderApp>[1]][] = [
      ['/profile?tab=orders', () => screen.findByRole('button', { name: 'Details' }, { timeout: 8000 }), { user: true }],
      ['/profile', () => screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 8000 }), { user: true }],
      ['/orders/o-tap', () => screen.findByRole('heading', { level: 1, name: /^Order / }, { timeout: 8000 }), { user: true }],
      ['/orders/o-pay', () => screen.findByRole('button', { name: 'Pay now' }, { timeout: 8000 }), { user: true }],
      ['/back-in-stock', () => screen.findByRole('button', { name: /^Cancel/ }, { timeout: 8000 }), { user: true }],
      ['/deliveries', () => screen.findByRole('region', { name: /^Cash in hand today/ }, { timeout: 8000 }), { user: makeUser({ role: 'rider' }) }],
    ];
    for (const [path, loaded, options] of screens) {
      const app = renderApp(path, options);
      await loaded();
      expect(`${path}\n${tapTargetProblems().join('\n')}`).toBe(`${path}\n`);
      app.unmount();
    }
  });

  it('on the sign-in pages', async () => {
    const login = renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
    login.unmount();
    renderApp('/register');
    await screen.findByRole('button', { name: 'Create Account' }, { timeout: 8000 });
    expect(tapTargetProblems().join('\n')).toBe('');
  });

  it("in a rider's header and mobile menu", async () => {
    server.use(
      http.get('/api/deliveries', () => HttpResponse.json([makeRiderDelivery()])),
      http.get('/api/deliveries/cash', () => HttpResponse.json({ date: '2026-12-02', deliveries: 0, collected: 0, handedIn: 0, inHand: 0 })),
    );
    const { user } = renderApp('/deliveries', { user: makeUser({ role: 'rider' }) });
    await screen.findByRole('heading', { level: 1, name: 'My deliveries' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(tapTargetProblems(document.querySelector('header') as Element).join('\n')).toBe('');
  });
});
