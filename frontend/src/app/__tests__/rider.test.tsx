/**
 * A rider (`deliveries.own`) at work: signing in lands on My deliveries (unless a page waits for
 * them), and the shop's header and mobile menu show them no search, wishlist or cart. Anyone
 * else signs in to the page they were sent from (an admin to the back-office page), or home.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/types';
import { makeRiderDelivery, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');
const rider = () => makeUser({ role: 'rider', name: 'Abdi Warsame' });

function serveRiderDay() {
  server.use(
    http.get('/api/deliveries', () => HttpResponse.json([makeRiderDelivery()])),
    http.get('/api/deliveries/cash', () => HttpResponse.json({ date: '2026-12-02', deliveries: 0, collected: 0, handedIn: 0, inHand: 0 })),
  );
}

function acceptLogin(user: User) {
  server.use(http.post('/api/auth/login', () => HttpResponse.json({ token: 'tok', user, message: 'Logged in successfully' })));
}

async function signIn(u: ReturnType<typeof renderApp>['user']) {
  await u.type(await screen.findByLabelText('Email'), 'abdi@example.com');
  await u.type(screen.getByLabelText('Password'), 'secret1');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('a rider signing in', () => {
  it('lands on My deliveries', async () => {
    serveRiderDay();
    acceptLogin(rider());
    const { user } = renderApp('/login');
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'My deliveries' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/deliveries$/);
  });

  it('already signed in, opening Sign In goes to My deliveries too', async () => {
    serveRiderDay();
    renderApp('/login', { user: rider() });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/deliveries$/));
  });

  it('sent to sign in from a page, goes back to that page', async () => {
    acceptLogin(rider());
    server.use(http.get('/api/orders', () => HttpResponse.json([])));
    const { user } = renderApp('/profile?tab=orders');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/profile\?tab=orders$/));
  });

  it('a customer still lands home', async () => {
    acceptLogin(makeUser({ role: 'user' }));
    const { user } = renderApp('/login');
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });
});

describe("a rider's header", () => {
  it('has no search, wishlist or cart, nor in the mobile menu; a customer has them', async () => {
    serveRiderDay();
    const { user, unmount } = renderApp('/deliveries', { user: rider() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My deliveries' })).toBeInTheDocument();
    const header = within(screen.getByRole('banner'));
    expect(header.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: /^Wishlist/ })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    await user.click(header.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.queryByRole('link', { name: 'Wishlist' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Cart' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Women' })).toBeInTheDocument();
    expect(within(document.querySelector('#mobile-menu') as HTMLElement).getByRole('link', { name: 'My deliveries' })).toHaveAttribute('href', '/deliveries');
    unmount();

    const shopper = renderApp('/', { user: true });
    const shop = within(screen.getByRole('banner'));
    expect(shop.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(shop.getByRole('link', { name: /^Wishlist/ })).toBeInTheDocument();
    expect(shop.getByRole('link', { name: /^Cart/ })).toBeInTheDocument();
    await shopper.user.click(shop.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});

describe('an admin signing in from a back-office link', () => {
  it('lands back on that back-office page, with its query', async () => {
    acceptLogin(makeUser({ role: 'admin', name: 'Sahra' }));
    server.use(
      http.get('/api/orders/all', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('/api/admin/*', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    const { user } = renderApp('/admin/orders?status=pending');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/admin\/orders\?status=pending$/));
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  });
});
