import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  makeCart,
  makeOrder,
  makeOrderLine,
  makeProduct,
  makeSizedProduct,
  makeVariant,
  withDiscount,
} from '@/testing/data';
import { server, serveDiscountCart } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

function withCart(lines: Parameters<typeof makeCart>[0] = [{ product: makeProduct({ price: 24 }), quantity: 2 }]) {
  server.use(http.get('/api/cart', () => HttpResponse.json(makeCart(lines))));
}

async function fillAddress(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('City'), 'Mogadishu');
  await user.type(screen.getByLabelText('District'), 'Hodan');
  await user.type(screen.getByLabelText('Address Line'), 'Maka Al Mukarama Road 12');
}

describe('checkout', () => {
  it('shows the server total on the pay button, disabled while the phone is empty', async () => {
    withCart();
    const { user } = renderApp('/checkout', { user: true });
    const pay = await screen.findByRole('button', { name: 'Pay $53.00 with EVC Plus' });
    expect(pay).toBeDisabled();
    expect(screen.getByText('Enter your EVC Plus phone number for payment processing')).toBeInTheDocument();
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '   ');
    expect(pay).toBeDisabled();
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '615551234');
    expect(pay).toBeEnabled();
    expect(screen.getByText('Qty: 2')).toBeInTheDocument();
    expect(screen.getByText('Standard delivery: 2-3 business days')).toBeInTheDocument();
    expect(screen.getByText('Express delivery: Next business day')).toBeInTheDocument();
  });

  it('pays: sends method, phone and address with an idempotency key, shows busy state, then redirects after 1500 ms', async () => {
    withCart();
    let body: Record<string, unknown> = {};
    let key: string | null = null;
    server.use(
      http.post('/api/orders/checkout', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        key = request.headers.get('Idempotency-Key');
        await delay(150);
        return HttpResponse.json({ message: 'Order placed successfully', order: makeOrder() }, { status: 201 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));

    expect(await screen.findByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    await findToast('Order placed successfully! Redirecting...');
    expect(body).toEqual({
      paymentMethod: 'evc-plus',
      paymentPhone: '615551234',
      shippingAddress: {
        fullName: 'Amina Hassan',
        phone: '252615551234',
        city: 'Mogadishu',
        district: 'Hodan',
        addressLine: 'Maka Al Mukarama Road 12',
      },
    });
    expect(key).toBeTruthy();
    expect(location()).toHaveTextContent('/checkout');
    await waitFor(() => expect(location()).toHaveTextContent('/order-success'), { timeout: 2500 });
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Your order has been placed and payment received successfully. Thank you!'),
    ).toBeInTheDocument();
  });

  it("shows a declined payment's server message and keeps the form (402)", async () => {
    withCart();
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json({ message: 'Payment declined: insufficient balance' }, { status: 402 }),
      ),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '252610000001');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await findToast('Payment declined: insufficient balance');
    expect(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeEnabled();
    expect(location()).toHaveTextContent('/checkout');
  });

  it.each([
    ['a refusal without a message', () => new HttpResponse(null, { status: 402 }), 'Payment failed'],
    ['a server failure without a message', () => new HttpResponse(null, { status: 502 }), 'Failed to place order'],
    ['a network failure', () => HttpResponse.error(), 'Network error. Please try again.'],
  ])('shows the default toast for %s', async (_label, reply, message) => {
    withCart();
    server.use(http.post('/api/orders/checkout', reply));
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await findToast(message);
  });

  it('reuses the idempotency key after a network failure so a retry cannot charge twice', async () => {
    withCart();
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/orders/checkout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1 ? HttpResponse.error() : HttpResponse.json({ message: 'declined' }, { status: 402 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    const pay = screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' });
    await user.click(pay);
    await findToast('Network error. Please try again.');
    await user.click(pay);
    await findToast('declined');
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('a 202 reply shows its message and goes to the orders tab', async () => {
    withCart();
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json(
          { message: 'Payment not confirmed yet. Your order is saved.', order: makeOrder() },
          { status: 202 },
        ),
      ),
      http.get('/api/orders', () => HttpResponse.json([makeOrder()])),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '252610000003');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await findToast('Payment not confirmed yet. Your order is saved.');
    await waitFor(() => expect(location()).toHaveTextContent('/profile?tab=orders'));
    expect(await screen.findByText('Order History')).toBeInTheDocument();
  });

  it("refuses an empty cart with 'Your cart is empty' and goes to /cart", async () => {
    withCart([]);
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await user.click(screen.getByRole('button', { name: 'Pay $0.00 with EVC Plus' }));
    await findToast('Your cart is empty');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cart$/));
  });

  it('asks for the delivery address before paying', async () => {
    withCart();
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('City'), 'M');
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
  });

  it("shows the server's field errors under the fields (400)", async () => {
    withCart();
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json(
          { message: 'Please check the highlighted fields', errors: { paymentPhone: 'Enter a Somali mobile number' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '123');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await findToast('Please check the highlighted fields');
    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveAccessibleDescription(
      'Enter a Somali mobile number Enter your EVC Plus phone number for payment processing',
    );
  });

  it('shows the sandbox payments notice when the server says so', async () => {
    withCart();
    server.use(http.get('/api/settings', () => HttpResponse.json({ ...defaultSettings, sandboxPayments: true })));
    renderApp('/checkout', { user: true });
    expect(await screen.findByText('Sandbox payments')).toBeInTheDocument();
  });

  it("toasts 'Failed to load cart data' when the cart cannot be reached", async () => {
    server.use(http.get('/api/cart', () => HttpResponse.error()));
    renderApp('/checkout', { user: true });
    await findToast('Failed to load cart data');
  });

  it("names each line's size in the summary and on the success page", async () => {
    const m = makeVariant('M', 4, { colour: 'Black' });
    const l = makeVariant('L', 4, { colour: 'Black' });
    const dress = makeSizedProduct([m, l], { name: 'Linen Wrap Dress', price: 30 });
    const scarf = makeProduct({ name: 'Silk Scarf', price: 10 });
    withCart([
      { product: dress, variant: m, quantity: 1 },
      { product: dress, variant: l, quantity: 1 },
      { product: scarf, quantity: 1 },
    ]);
    const order = makeOrder({
      products: [makeOrderLine(dress, 1, m), makeOrderLine(dress, 1, l), makeOrderLine(scarf, 1)],
      totalAmount: 75,
    });
    server.use(http.post('/api/orders/checkout', () => HttpResponse.json({ message: 'Order placed successfully', order }, { status: 201 })));
    const { user } = renderApp('/checkout', { user: true });
    const summary = within((await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement);
    expect(summary.getAllByTestId('line-variant').map((v) => v.textContent)).toEqual(['Size M · Black', 'Size L · Black']);
    expect(summary.getAllByText('Linen Wrap Dress')).toHaveLength(2);

    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $75.00 with EVC Plus' }));
    expect(await screen.findByText('Payment Successful!', {}, { timeout: 4000 })).toBeInTheDocument();
    const lines = screen.getAllByTestId('order-line');
    expect(lines.map((li) => li.textContent)).toEqual([
      'Linen Wrap Dress × 1Size M · Black$30.00',
      'Linen Wrap Dress × 1Size L · Black$30.00',
      'Silk Scarf × 1$10.00',
    ]);
  });

  it('applies a discount code: the discount line in the summary and the Pay button follow the total', async () => {
    const served = serveDiscountCart(makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }]), { 'EID-2026': 7.2 });
    const { user } = renderApp('/checkout', { user: true });
    expect(await screen.findByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'Eid-2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Pay $45.80 with EVC Plus' })).toBeInTheDocument();
    expect(served.sent).toEqual(['Eid-2026']);
    expect(screen.getByText('Discount (EID-2026)')).toBeInTheDocument();
    expect(screen.getByTestId('discount')).toHaveTextContent('-$7.20');
    expect(screen.getByTestId('shipping')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('total')).toHaveTextContent('$45.80');

    await user.click(screen.getByRole('button', { name: 'Remove discount code EID-2026' }));
    expect(await screen.findByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeInTheDocument();
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();
  });

  it('a code that stopped applying (409): the reason, and the cart fetched again shows the full price before paying', async () => {
    const full = makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }]);
    const served = serveDiscountCart(withDiscount(full, 'LAST-ONE', 10), {});
    server.use(
      http.post('/api/orders/checkout', () => {
        // The server takes the code off the cart when it refuses it.
        served.set(full);
        return HttpResponse.json({ message: 'This discount code has been used up' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    const before = served.fetched();
    await user.click(screen.getByRole('button', { name: 'Pay $43.00 with EVC Plus' }));
    await findToast('This discount code has been used up');
    expect(await screen.findByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeEnabled();
    expect(served.fetched()).toBe(before + 1);
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('total')).toHaveTextContent('$53.00');
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toHaveValue('');
    expect(location()).toHaveTextContent('/checkout');
  });
});
