import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCart, makeProduct, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor } from '@/testing/test-utils';
import { useSession } from '@/stores/session';

const location = () => screen.getByTestId('location');

function acceptLogin(user = makeUser()) {
  server.use(
    http.post('/api/auth/login', () => HttpResponse.json({ token: 'tok', user, message: 'Logged in successfully' })),
  );
}

async function signIn(u: ReturnType<typeof renderApp>['user']) {
  await u.type(await screen.findByLabelText('Email'), 'amina@example.com');
  await u.type(screen.getByLabelText('Password'), 'secret1');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in guard', () => {
  it('sends a signed-out visitor from /cart to /login with the warning, and back to /cart after sign-in', async () => {
    acceptLogin();
    const { user } = renderApp('/cart');
    await findToast('Please log in to view your cart');
    expect(location()).toHaveTextContent('/login');

    await signIn(user);
    await findToast('Logged in successfully');
    await waitFor(() => expect(location()).toHaveTextContent('/cart'));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(sessionStorage.getItem('returnTo')).toBeNull();
  });

  it('tells a signed-out visitor of /wishlist to log in', async () => {
    renderApp('/wishlist');
    await findToast('Please log in to view your wishlist');
    expect(location()).toHaveTextContent('/login');
  });

  it('tells a signed-out visitor of /checkout to log in, and returns there (with its query) after sign-in', async () => {
    acceptLogin();
    server.use(http.get('/api/cart', () => HttpResponse.json(makeCart([{ product: makeProduct(), quantity: 1 }]))));
    const { user } = renderApp('/checkout');
    await findToast('Please log in to proceed with checkout');
    expect(location()).toHaveTextContent('/login');
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent('/checkout'));
    expect(await screen.findByText('Secure Checkout')).toBeInTheDocument();
  });

  it('sends a visitor from /profile to /login and back to /profile?tab=orders', async () => {
    acceptLogin();
    server.use(http.get('/api/orders', () => HttpResponse.json([])));
    const { user } = renderApp('/profile?tab=orders');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent('/profile?tab=orders'));
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
  });

  it('a signed-in visitor of /login goes to the saved return address', async () => {
    useSession.getState().setReturnTo('/wishlist');
    renderApp('/login', { user: true });
    await waitFor(() => expect(location()).toHaveTextContent('/wishlist'));
  });

  it('shows a spinner while the session is loading', async () => {
    useSession.setState({ isLoading: true });
    const { AppRoutes } = await import('@/app/router');
    const { render } = await import('@testing-library/react');
    const { MemoryRouter } = await import('react-router');
    const { AppProvider } = await import('@/app/provider');
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/cart']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Please log in to view your cart')).not.toBeInTheDocument();
  });
});

describe('admin guard', () => {
  // The admin pages load their data as soon as the guard lets an admin in.
  beforeEach(() => {
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({
          totalProducts: 0,
          totalOrders: 0,
          pendingOrders: 0,
          totalRevenue: 0,
          monthlyRevenue: 0,
          averageOrderValue: 0,
          revenueByMonth: [],
          statusCounts: { pending: 0, shipped: 0, delivered: 0, canceled: 0 },
          topProducts: [],
          recentOrders: [],
        }),
      ),
      http.get('/api/orders/all', () => HttpResponse.json([])),
    );
  });

  it('redirects a signed-in customer to / with the access-denied toast', async () => {
    renderApp('/admin/products', { user: makeUser({ role: 'user' }) });
    await findToast('Access denied. Admin privileges required.');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('lets an admin in, with the lazily loaded admin layout', async () => {
    renderApp('/admin', { user: makeUser({ role: 'admin', name: 'Sahra' }) });
    expect(await screen.findByText('Welcome back, Sahra!')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    for (const name of ['Products', 'Orders', 'Users', 'Discounts', 'Settings', 'Reports']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('sends a signed-out visitor to /login and back to the admin page after an admin signs in', async () => {
    acceptLogin(makeUser({ role: 'admin', name: 'Sahra' }));
    const { user } = renderApp('/admin/orders');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    await signIn(user);
    await waitFor(() => expect(location()).toHaveTextContent('/admin/orders'));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });
});

describe('back-office guard for staff (issue 42)', () => {
  it("lets a stock keeper in (any back-office permission), on the staff home, not the dashboard's figures", async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ message: 'Your role does not allow this.' }, { status: 403 })));
    renderApp('/admin', { user: makeUser({ role: 'stock', name: 'Hibo' }) });
    expect(await screen.findByText('Welcome back, Hibo!')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin$/);
  });

  it('shows the Admin Dashboard link in the account menu to staff, not to customers', async () => {
    const { user, unmount } = renderApp('/', { user: makeUser({ role: 'orders', name: 'Faisal' }) });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Faisal' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    unmount();
    const shopper = renderApp('/', { user: makeUser({ role: 'user', name: 'Amina' }) });
    await shopper.user.click(await screen.findByRole('button', { name: 'Account menu for Amina' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('waits for the server (GET /api/auth/me) when the stored session predates permissions, then decides', async () => {
    const stored = { ...makeUser({ role: 'orders', name: 'Faisal' }), permissions: undefined };
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(stored));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/auth/me', async () => {
        await answered;
        return HttpResponse.json(makeUser({ _id: stored._id, role: 'orders', name: 'Faisal' }));
      }),
    );
    renderApp('/admin');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin$/);
  });

  it("refuses a customer whose stored session predates permissions once the server has answered, with SPEC's toast", async () => {
    const stored = { ...makeUser({ role: 'user' }), permissions: undefined };
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(stored));
    server.use(http.get('/api/auth/me', () => HttpResponse.json(makeUser({ _id: stored._id, role: 'user' }))));
    renderApp('/admin/orders');
    await findToast('Access denied. Admin privileges required.');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });
});

describe('temporary password', () => {
  it('sends a user with a temporary password to the profile after sign-in', async () => {
    acceptLogin(makeUser({ name: 'New Person', mustChangePassword: true }));
    const { user } = renderApp('/login');
    await signIn(user);
    await findToast('Please choose a new password for your account');
    await waitFor(() => expect(location()).toHaveTextContent('/profile'));
    expect(await screen.findByText(/temporary password/)).toBeInTheDocument();
  });
});
