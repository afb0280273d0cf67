import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCart, makeProduct, makeUser, makeWishlist, ROLE_PERMISSIONS } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

describe('header', () => {
  it('links the navigation to the categories and new arrivals', () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Women', '/category/women'],
      ['Kids', '/category/kids'],
      ['New Arrivals', '/new-arrivals'],
      ['Sale', '/category/sales'],
    ]);
  });

  it('search: blank text does nothing; text goes to /search?q= and clears the box', async () => {
    server.use(http.get('/api/products/search', () => HttpResponse.json([])));
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const box = screen.getByPlaceholderText('Search for products...');
    await user.type(box, '   {Enter}');
    expect(location()).toHaveTextContent(/^\/$/);
    await user.clear(box);
    await user.type(box, 'red dress{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent('/search?q=red%20dress'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByPlaceholderText('Search for products...')).toHaveValue('');
  });

  it('shows Login and Register when signed out, and no badges', () => {
    renderApp('/');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute('href', '/register');
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('wishlist-count')).not.toBeInTheDocument();
  });

  it('shows count badges only above 0, and the avatar menu with the admin link for admins', async () => {
    const p = makeProduct();
    server.use(
      http.get('/api/cart', () => HttpResponse.json(makeCart([{ product: p, quantity: 3 }]))),
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist([]))),
    );
    const { user } = renderApp('/', { user: makeUser({ name: 'sahra', email: 's@example.com', role: 'admin' }) });
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.queryByTestId('wishlist-count')).not.toBeInTheDocument();

    const avatar = screen.getByRole('button', { name: 'Account menu for sahra' });
    expect(avatar).toHaveTextContent('S');
    await user.click(avatar);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('s@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await findToast('Logged out');
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toBeInTheDocument();
  });

  it("names the cart and wishlist links grammatically: '1 item', '2 items', '0 items'", async () => {
    const [a, b] = [makeProduct(), makeProduct()];
    let cart = [{ product: a, quantity: 1 }];
    server.use(
      http.get('/api/cart', () => HttpResponse.json(makeCart(cart))),
      http.get('/api/wishlist', () => HttpResponse.json(makeWishlist([a, b]))),
    );
    const { unmount } = renderApp('/', { user: true });
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('link', { name: 'Wishlist, 2 items' })).toHaveAttribute('href', '/wishlist');
    unmount();

    cart = [{ product: a, quantity: 1 }, { product: b, quantity: 1 }];
    renderApp('/', { user: true });
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('hides Admin Dashboard from customers', async () => {
    const { user } = renderApp('/', { user: makeUser({ name: 'Amina', role: 'user' }) });
    await user.click(screen.getByRole('button', { name: 'Account menu for Amina' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('the mobile menu repeats the navigation and the account links', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getByRole('link', { name: 'Women' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Sale' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Register' })).toHaveLength(2);
  });

  it('the footer links to delivery, returns and contact', () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Delivery' })).toHaveAttribute('href', '/delivery');
    expect(within(footer).getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/returns');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });
});

describe('session', () => {
  it('is restored from localStorage at start', async () => {
    const u = makeUser({ name: 'Hodan' });
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', JSON.stringify(u));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account menu for Hodan' })).toBeInTheDocument();
  });

  it('drops a token the server no longer accepts', async () => {
    server.use(http.get('/api/cart', () => HttpResponse.json({ message: 'Invalid token' }, { status: 401 })));
    renderApp('/', { user: makeUser({ name: 'Hodan' }) });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Account menu for Hodan' })).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('session refresh', () => {
  it('takes the role and permissions the server reports (GET /api/auth/me)', async () => {
    const u = makeUser({ name: 'Hodan', role: 'user' });
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ ...u, role: 'admin', permissions: ROLE_PERMISSIONS.admin })));
    const { user } = renderApp('/', { user: u });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').role).toBe('admin'));
    await user.click(screen.getByRole('button', { name: 'Account menu for Hodan' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});
