import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { makeOrder, makeOrderLine, makeProduct, makeSizedProduct, makeUser, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const amina = () => makeUser({ name: 'Amina Hassan', email: 'amina@example.com', phone: '252615551234' });

async function openEdit(user = amina()) {
  const utils = renderApp('/profile', { user });
  await utils.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return utils;
}

describe('profile tab', () => {
  it('keeps the session with the fresh token a password change answers', async () => {
    const me = amina();
    server.use(http.put('/api/users/:id', () => HttpResponse.json({ ...me, token: 'fresh-token' })));
    const { user } = await openEdit(me);
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated successfully');
    expect(useSession.getState().token).toBe('fresh-token');
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(useSession.getState().user).toEqual(me);
  });

  it('shows the stored user and the account type', async () => {
    renderApp('/profile', { user: makeUser({ role: 'admin', name: 'Sahra' }) });
    expect(await screen.findByText('Sahra')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('names a staff member\'s role as their account type', async () => {
    renderApp('/profile', { user: makeUser({ role: 'stock', name: 'Hibo' }) });
    expect(await screen.findByText('Hibo')).toBeInTheDocument();
    expect(screen.getByText('Stock keeper')).toBeInTheDocument();
  });

  it('validates name, e-mail and phone, and clears a message when its field is edited', async () => {
    const { user } = await openEdit();
    await user.clear(screen.getByLabelText('Full Name'));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('checks a password change: current password, length and confirmation', async () => {
    const { user } = await openEdit();
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.type(screen.getByLabelText('Confirm New Password'), '321');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current Password'), 'x');
    expect(screen.queryByText('Current password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm New Password'), 'x');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('saves with password and currentPassword, updates the stored user and returns to view mode', async () => {
    const me = amina();
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/users/:id', async ({ request, params }) => {
        body = (await request.json()) as Record<string, unknown>;
        expect(params.id).toBe(me._id);
        return HttpResponse.json({ ...me, name: 'Amina H.' });
      }),
    );
    const { user } = await openEdit(me);
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Amina H.');
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated successfully');
    expect(body).toEqual({
      name: 'Amina H.',
      email: 'amina@example.com',
      phone: '252615551234',
      password: 'new-secret',
      currentPassword: 'old-secret',
    });
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(useSession.getState().user?.name).toBe('Amina H.');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').name).toBe('Amina H.');
  });

  it('sends no password fields when none is given, and shows the server message on failure', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/users/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'Email already in use' }, { status: 409 });
      }),
    );
    const { user } = await openEdit();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Email already in use');
    expect(Object.keys(body).sort()).toEqual(['email', 'name', 'phone']);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('Cancel resets the form to the stored user', async () => {
    const { user } = await openEdit();
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Amina Hassan');
  });

  it("signs out with 'Logged out' and goes home", async () => {
    const { user } = renderApp('/profile', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await findToast('Logged out');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    // Later visits to guarded pages ask to log in again.
    await user.click(screen.getByRole('link', { name: /^Cart/ }));
    await findToast('Please log in to view your cart');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});

describe('orders tab', () => {
  it('fetches the orders each time the tab opens and shows status and delivery address', async () => {
    let calls = 0;
    const order = makeOrder({ _id: 'abcdef1234567890', number: 1042, status: 'shipped', createdAt: '2026-11-02T12:00:00Z' });
    server.use(
      http.get('/api/orders', () => {
        calls += 1;
        return HttpResponse.json([order]);
      }),
    );
    const { user } = renderApp('/profile', { user: true });
    await user.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText('#1042')).toBeInTheDocument();
    expect(screen.queryByText(/abcdef12/)).not.toBeInTheDocument();
    expect(screen.getByText('November 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('$53.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByText('Hodan, Mogadishu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const details = screen.getByText('Delivery address').parentElement as HTMLElement;
    expect(within(details).getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(within(details).getByText(/Hodan, Mogadishu/)).toBeInTheDocument();
    expect(calls).toBe(1);

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('shows the empty text, and the error toast when orders cannot be fetched', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.json([])));
    const { user, unmount } = renderApp('/profile?tab=orders', { user: true });
    expect(await screen.findByText("You haven't placed any orders yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    unmount();

    let fail = true;
    server.use(http.get('/api/orders', () => (fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([makeOrder({ _id: 'abcdef1234567890', number: 1042 })]))));
    const again = renderApp('/profile?tab=orders', { user: true });
    await findToast('Failed to fetch orders');
    // said where the orders would be, with Try Again: not "You haven't placed any orders yet."
    const alert = within(screen.getByRole('main')).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch orders');
    expect(screen.queryByText("You haven't placed any orders yet.")).not.toBeInTheDocument();
    fail = false;
    await again.user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('#1042')).toBeInTheDocument();
  });

  it("says 'Payment declined' for an order canceled because its payment was refused, 'Canceled' for one canceled otherwise", async () => {
    const orders = [
      makeOrder({ _id: 'aaaa1111-declined', status: 'canceled', paymentStatus: 'failed', transactionId: null }),
      makeOrder({ _id: 'bbbb2222-expired', status: 'canceled', paymentStatus: 'failed', holdExpiredAt: '2026-11-02T12:30:00Z' }),
      makeOrder({ _id: 'cccc3333-refunded', status: 'canceled', paymentStatus: 'refunded', refundedAmount: 53 }),
      makeOrder({ _id: 'dddd4444-cash', status: 'canceled', paymentStatus: 'failed', paymentMethod: 'cash-on-delivery' }),
      makeOrder({ _id: 'eeee5555-shipped', status: 'shipped' }),
    ];
    server.use(http.get('/api/orders', () => HttpResponse.json(orders)));
    renderApp('/profile?tab=orders', { user: true });
    await screen.findByText(`#${orders[0].number}`);
    expect(screen.getAllByTestId('order-status').map((s) => s.textContent)).toEqual([
      'Payment declined',
      'Payment not confirmed',
      'Canceled',
      'Canceled',
      'Shipped',
    ]);
    expect(screen.getAllByTestId('order-status')[0]).toHaveClass('bg-red-100');
  });

  it('says how each order was paid in its details: by name, once paid "Paid with …"', async () => {
    const orders = [
      makeOrder({ _id: 'aaaa1111-zaad', paymentMethod: 'zaad', paymentStatus: 'paid' }),
      makeOrder({ _id: 'bbbb2222-card', paymentMethod: 'card', paymentStatus: 'refunded' }),
      makeOrder({ _id: 'cccc3333-edahab', paymentMethod: 'edahab', paymentStatus: 'pending' }),
    ];
    server.use(http.get('/api/orders', () => HttpResponse.json(orders)));
    const { user } = renderApp('/profile?tab=orders', { user: true });
    await screen.findByText(`#${orders[0].number}`);
    const shown: (string | null)[] = [];
    for (const [i] of orders.entries()) {
      // One order's details open at a time.
      await user.click(screen.getAllByRole('button', { name: /^(Details|Hide)$/ })[i]);
      shown.push(screen.getByTestId('paid-with').textContent);
    }
    expect(shown).toEqual(['Paid with ZAAD', 'Paid by card', 'eDahab']);
  });

  it("names each line's size and colour in the order's details", async () => {
    const m = makeVariant('M', 4, { colour: 'Black' });
    const dress = makeSizedProduct([m], { name: 'Linen Wrap Dress', price: 30 });
    const order = makeOrder({ products: [makeOrderLine(dress, 2, m), makeOrderLine(makeProduct({ name: 'Silk Scarf', price: 10 }), 1)] });
    server.use(http.get('/api/orders', () => HttpResponse.json([order])));
    const { user } = renderApp('/profile?tab=orders', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const lines = screen.getAllByTestId('order-line');
    expect(within(lines[0]).getByText('Linen Wrap Dress × 2')).toBeInTheDocument();
    expect(within(lines[0]).getByTestId('line-variant')).toHaveTextContent('Size M · Black');
    expect(within(lines[0]).getByText('$60.00')).toBeInTheDocument();
    expect(within(lines[1]).queryByTestId('line-variant')).not.toBeInTheDocument();
  });
});
