import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultSettings,
  makeCart,
  makeOrder,
  makeOrderDetail,
  makeOrderLine,
  makeProduct,
  makeSizedProduct,
  makeVariant,
  withDiscount,
} from '@/testing/data';
import { axeViolations } from '@/testing/axe';
import { server, serveDiscountCart } from '@/testing/server';
import { act, findToast, isInaccessible, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

/** An idempotency key as `crypto.randomUUID()` makes it (version 4). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
        return HttpResponse.json({ message: 'Order placed successfully', order: makeOrder({ number: 1042 }) }, { status: 201 });
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
        landmark: '',
      },
    });
    expect(key).toMatch(UUID);
    expect(location()).toHaveTextContent('/checkout');
    await waitFor(() => expect(location()).toHaveTextContent('/order-success'), { timeout: 2500 });
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Your order has been placed and payment received successfully. Thank you!'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('paid-with')).toHaveTextContent(/^Paid with EVC Plus$/);
    // The order is named by the number the server gave it.
    expect(screen.getByText('Order').nextElementSibling).toHaveTextContent(/^#1042$/);
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

  it('keeps a declined payment said on the page (role alert) until the number or the method changes, or Pay is pressed again', async () => {
    withCart();
    let answers = 0;
    server.use(
      http.post('/api/orders/checkout', async () => {
        answers += 1;
        if (answers === 3) await delay(200);
        return HttpResponse.json({ message: 'Payment declined: insufficient balance' }, { status: 402 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    const phone = await screen.findByLabelText('EVC Plus Phone Number');
    await user.type(phone, '252610000001');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    const declined = await screen.findByTestId('payment-declined');
    expect(declined).toHaveAttribute('role', 'alert');
    expect(declined).toHaveTextContent('Your payment did not go through');
    expect(declined).toHaveTextContent('Payment declined: insufficient balance');
    expect(await axeViolations()).toEqual([]);
    // on the page, in the form, not in the toast that goes after a few seconds
    expect(within(screen.getByRole('form', { name: 'Checkout' })).getByTestId('payment-declined')).toBe(declined);
    expect(declined.closest('.Toastify')).toBeNull();

    // another number: gone (and back with the number it was declined for, which the shopper did not change in the end)
    await user.type(phone, '2');
    expect(screen.queryByTestId('payment-declined')).not.toBeInTheDocument();
    await user.type(phone, '{Backspace}');
    expect(screen.getByTestId('payment-declined')).toBeInTheDocument();
    // another method: gone
    await user.click(screen.getByRole('radio', { name: 'ZAAD' }));
    expect(screen.queryByTestId('payment-declined')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'EVC Plus' }));
    // paying again: gone while it is asked, and said again when declined again
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await screen.findByTestId('payment-declined');
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await screen.findByRole('button', { name: 'Processing Payment...' });
    expect(screen.queryByTestId('payment-declined')).not.toBeInTheDocument();
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent('Payment declined: insufficient balance');
    expect(answers).toBe(3);
  });

  it('says the cart could not be loaded, with Try Again, rather than an empty checkout', async () => {
    let fail = true;
    server.use(
      http.get('/api/cart', () =>
        fail ? HttpResponse.error() : HttpResponse.json(makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }])),
      ),
    );
    const { user } = renderApp('/checkout', { user: true });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load cart data');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeInTheDocument();
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
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('while EVC Plus waits for the payer: the number as entered, the amount, the PIN instruction and a countdown to the time-out', async () => {
    withCart();
    let answer: () => void = () => {};
    server.use(
      http.get('/api/settings', () => HttpResponse.json({ ...defaultSettings, paymentTimeoutSecs: 90 })),
      http.post('/api/orders/checkout', async () => {
        // The server waits for the payer; the test says when the payer has confirmed.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ message: 'Order placed successfully', order: makeOrder() }, { status: 201 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '061 555 1234');
    await fillAddress(user);
    expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    // The live region is in the page, empty and not display:none, before anything is put into it.
    const region = within(screen.getByRole('group', { name: 'Payment' })).getByRole('status');
    expect(region).toBeEmptyDOMElement();
    expect(region).toHaveAttribute('aria-atomic', 'false');
    // The countdown's clock and ticks only; requests and the rest keep real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
      const panel = await screen.findByTestId('payment-waiting');
      expect(screen.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
      expect(within(panel).getByText('Check your phone')).toBeInTheDocument();
      expect(within(panel).getByText('We sent a payment request for $53.00 to 061 555 1234.')).toBeInTheDocument();
      expect(within(panel).getByText('Confirm on your phone with your EVC Plus PIN.')).toBeInTheDocument();
      expect(screen.queryByText('You will be asked to confirm the payment on your phone.')).not.toBeInTheDocument();

      // A polite live region holds the message; the ticking m:ss is hidden from screen readers,
      // which hear the minutes left only when that number changes.
      expect(panel.parentElement).toBe(region);
      expect(region).toHaveAttribute('role', 'status');
      expect(region).toHaveAttribute('aria-live', 'polite');
      const countdown = screen.getByTestId('payment-countdown');
      expect(isInaccessible(countdown)).toBe(true);
      expect(isInaccessible(screen.getByTestId('payment-time-left'))).toBe(false);
      expect(isInaccessible(within(panel).getByText('We sent a payment request for $53.00 to 061 555 1234.'))).toBe(false);
      expect(countdown).toHaveTextContent(/^1:30$/);
      expect(screen.getByTestId('payment-time-left')).toHaveTextContent(/^About 2 minutes left to confirm\.$/);

      act(() => vi.advanceTimersByTime(1000));
      expect(countdown).toHaveTextContent(/^1:29$/);
      act(() => vi.advanceTimersByTime(1000));
      expect(countdown).toHaveTextContent(/^1:28$/);
      expect(screen.getByTestId('payment-time-left')).toHaveTextContent(/^About 2 minutes left to confirm\.$/);
      act(() => vi.advanceTimersByTime(28_000));
      expect(countdown).toHaveTextContent(/^1:00$/);
      expect(screen.getByTestId('payment-time-left')).toHaveTextContent(/^About 1 minute left to confirm\.$/);
      act(() => vi.advanceTimersByTime(51_000));
      expect(countdown).toHaveTextContent(/^0:09$/);
      expect(screen.queryByText('Still checking with EVC Plus. Please wait a moment.')).not.toBeInTheDocument();

      // The time-out passed and the request still runs.
      act(() => vi.advanceTimersByTime(9_000));
      expect(countdown).toHaveTextContent(/^0:00$/);
      expect(within(panel).getByText('Still checking with EVC Plus. Please wait a moment.')).toBeInTheDocument();
      expect(screen.queryByTestId('payment-time-left')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(5_000));
      expect(countdown).toHaveTextContent(/^0:00$/);
      expect(screen.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();

      answer();
      await findToast('Order placed successfully! Redirecting...');
      expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts down from 1:00 when the settings do not name a payment time-out', async () => {
    withCart();
    const { paymentTimeoutSecs: _unset, ...older } = defaultSettings;
    let answer: () => void = () => {};
    server.use(
      http.get('/api/settings', () => HttpResponse.json(older)),
      http.post('/api/orders/checkout', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ message: 'Payment declined: insufficient balance' }, { status: 402 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    // Real timers here: a second of real time passes.
    expect(await screen.findByTestId('payment-countdown')).toHaveTextContent(/^1:00$/);
    expect(await screen.findByText('0:59')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    answer();
    await findToast('Payment declined: insufficient balance');
    expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    expect(screen.getByText('You will be asked to confirm the payment on your phone.')).toBeInTheDocument();
  });

  it('a payment left unconfirmed (202) ends on a page that says the order is saved and what happens next', async () => {
    withCart();
    const order = makeOrderDetail({
      _id: '0190b6f2-7c1e-7abc-9def-0123456789ab',
      number: 1042,
      paymentStatus: 'pending',
      awaitingPayment: true,
      paymentPhone: '252610000003',
      transactionId: null,
    });
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json(
          {
            message: 'We could not confirm your payment yet. Your order is saved as pending and we will confirm it shortly.',
            order,
          },
          { status: 202 },
        ),
      ),
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '252610000003');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment not confirmed yet' });
    expect(heading).toHaveFocus();
    expect(document.title).toMatch(/^Payment not confirmed yet/);
    expect(location()).toHaveTextContent('/checkout');
    const page = screen.getByTestId('payment-not-confirmed');
    expect(
      within(page).getByText('Your order #1042 is saved, but EVC Plus has not confirmed your payment of $53.00 yet.'),
    ).toBeInTheDocument();
    const facts = screen.getByTestId('unconfirmed-order');
    expect(Array.from(facts.querySelectorAll('div')).map((row) => row.textContent)).toEqual([
      'Order#1042',
      'Amount$53.00',
      'EVC Plus number252610000003',
    ]);
    expect(within(page).getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
    expect(within(screen.getByTestId('next-steps')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'If you approved the payment on your phone, there is nothing more to do: we confirm your order as soon as EVC Plus does.',
      'Until then your items are reserved for this order, so there is no need to order them again.',
      'If the payment does not arrive, the order is canceled automatically and its items go back on sale.',
      'If EVC Plus took the money but your order stays unconfirmed, contact us at +252 61 555 0000 or help@example.com with your order number.',
    ]);
    expect(within(page).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(within(page).getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/profile?tab=orders');
    expect(within(page).getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.queryByText('Order placed successfully! Redirecting...')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(page).getByRole('link', { name: 'View order' }));
    await waitFor(() => expect(location()).toHaveTextContent('/orders/0190b6f2-7c1e-7abc-9def-0123456789ab'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
  });

  it('a 202 reply without an order still says the order is saved, with the amount asked for', async () => {
    withCart();
    server.use(
      http.post('/api/orders/checkout', () => HttpResponse.json({ message: 'Payment not confirmed yet.' }, { status: 202 })),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not confirmed yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Your order is saved, but EVC Plus has not confirmed your payment of $53.00 yet.'),
    ).toBeInTheDocument();
    // No order number to give: the shopper names the EVC Plus number instead.
    expect(within(screen.getByTestId('next-steps')).getAllByRole('listitem')[3]).toHaveTextContent(
      /contact us at \+252 61 555 0000 or help@example\.com with your EVC Plus number\.$/,
    );
    expect(screen.queryByRole('link', { name: 'View order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/profile?tab=orders');
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
      // A 409 looks for an earlier card payment still open: there is none.
      http.get('/api/orders', () => HttpResponse.json([makeOrder()])),
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
    expect(screen.queryByTestId('card-payment-open')).not.toBeInTheDocument();
  });
});
