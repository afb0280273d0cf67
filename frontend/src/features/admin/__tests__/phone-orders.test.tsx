/**
 * New order (issue 45): staff take an order in a phone call or a chat for a customer found or
 * new, the server prices it and answers the order, which is then paid by a request to the
 * customer's wallet, in cash on delivery, or on a payment link. Every amount shown is the server's.
 */
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, PhoneCustomer, Product } from '@/lib/types';
import { deliveryCitiesOf, makeOrder, makeSizedProduct, makeUser, makeVariant, shopZones } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { axeViolations } from '@/testing/axe';
import { tapTargetProblems } from '@/testing/tap-targets';
import { currentUrl, deferred, HttpResponse, paramsOf, recordJson, renderAdmin, serveList, serveQuote, type QuotePrices } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([import('../phone-orders/components/NewOrderPage'), import('../orders/components/OrdersPage')]);
});

const ORDER_ID = 'fade0045-0000-7000-8000-000000000045';
const medium = makeVariant('M', 5, { _id: 'v-m' });
const large = makeVariant('L', 0, { _id: 'v-l' });
const dress = makeSizedProduct([medium, large], { _id: 'p-dress', name: 'Linen Wrap Dress', price: 24 });
const amina: PhoneCustomer = { _id: 'u-amina', name: 'Amina Hassan', email: null, phone: '252615551234' };
const orderHandler = () => makeUser({ role: 'orders', name: 'Faisal Orders' });

/** The shop's prices as its quote gives them: the dress at $24, its size M's picture that of its colour. */
const SHOP: QuotePrices = {
  prices: { 'p-dress': { name: 'Linen Wrap Dress', price: 24, image: '/uploads/dress.webp', images: { 'v-m': '/uploads/dress-sand.webp' } } },
  fee: ({ district }) => (district === 'Hodan' ? 2 : 3.5),
  codes: { 'EID-2026': (subtotal) => subtotal * 0.1 },
};

// Every new order is priced as it is filled in.
beforeEach(() => {
  serveQuote(SHOP);
});

/** The order as POST /api/admin/orders answers it: taken by phone, pending, its totals the server's. */
const taken = (overrides: Partial<Order> = {}): Order =>
  makeOrder({
    _id: ORDER_ID,
    number: 1045,
    status: 'pending',
    paymentStatus: 'pending',
    paymentAwaits: 'customer',
    paymentMethod: null,
    paymentPhone: '252615551234',
    transactionId: null,
    channel: 'phone',
    createdBy: { _id: 'staff-1', name: 'Faisal Orders' },
    userId: { _id: 'u-new', name: 'Hodan Ali', email: '' },
    subtotal: 48,
    shippingFee: 2,
    discountAmount: 0,
    totalAmount: 50,
    products: [
      {
        _id: `${ORDER_ID}-1`,
        productId: { _id: 'p-dress', name: 'Linen Wrap Dress', image: null },
        name: 'Linen Wrap Dress',
        image: null,
        price: 24,
        quantity: 2,
        lineTotal: 48,
        variant: { _id: 'v-m', size: 'M', colour: null, sku: medium.sku },
      },
    ],
    shippingAddress: { fullName: 'Hodan Ali', phone: '0615557777', city: 'Mogadishu', district: 'Hodan', addressLine: 'Maka Al Mukarama Road 12', landmark: '' },
    ...overrides,
  });

/** A shop delivering to its zones, whose search finds the dress; returns the product searches' queries. */
function serveShop(products: Product[] = [dress]) {
  server.use(http.get('/api/delivery/zones', () => HttpResponse.json(deliveryCitiesOf(shopZones()))));
  return serveList('/api/products/search', (q) => ({ rows: q.get('q') ? products : [] }));
}

type User = ReturnType<typeof renderAdmin>['user'];

/** Picks two of the dress in size M (L is sold out). */
async function addDress(user: User) {
  await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'linen');
  await user.click(await screen.findByRole('button', { name: 'Choose Linen Wrap Dress' }));
  expect(screen.getByRole('radio', { name: /Size L/ })).toBeDisabled();
  expect(screen.getByRole('radio', { name: /Size M/ })).toHaveAccessibleName('Size M (5 in stock)');
  await user.click(screen.getByRole('radio', { name: /Size M/ }));
  const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
  await user.clear(quantity);
  await user.type(quantity, '2');
  await user.click(screen.getByRole('button', { name: 'Add to order' }));
  expect(await screen.findAllByTestId('draft-line')).toHaveLength(1);
}

/** The delivery to Hodan, Mogadishu (name and phone are the customer's unless typed over). */
async function fillDelivery(user: User) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Mogadishu');
  await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
  await user.type(screen.getByRole('textbox', { name: 'Address Line' }), 'Maka Al Mukarama Road 12');
}

/** A new customer's order, created: the page shows the order the server answered. */
async function createOrder(reply: Order = taken()) {
  serveShop();
  const posted = recordJson('post', '/api/admin/orders', () => HttpResponse.json(reply, { status: 201 }));
  const rendered = renderAdmin('/admin/orders/new', orderHandler());
  const { user } = rendered;
  await user.click(await screen.findByRole('radio', { name: 'New customer' }));
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hodan Ali');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0615557777');
  await addDress(user);
  await fillDelivery(user);
  await user.click(screen.getByRole('button', { name: 'Create order' }));
  await screen.findByRole('heading', { level: 1, name: 'Order #1045 created' });
  return { user, posted };
}

describe('new order: taking it', () => {
  it("creates the order for a new customer and shows the lines and totals of the server's reply", async () => {
    const { posted } = await createOrder();
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toEqual({
      customer: { name: 'Hodan Ali', phone: '0615557777' },
      lines: [{ productId: 'p-dress', variantId: 'v-m', quantity: 2 }],
      shippingAddress: { fullName: 'Hodan Ali', phone: '0615557777', city: 'Mogadishu', district: 'Hodan', addressLine: 'Maka Al Mukarama Road 12', landmark: '' },
      discountCode: null,
    });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByTestId('order-line')).toHaveTextContent('Linen Wrap Dress');
    expect(summary.getByTestId('order-line')).toHaveTextContent('$48.00');
    expect(summary.getByText('Shipping').nextSibling).toHaveTextContent('$2.00');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$50.00');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Open the order page' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
  });

  it("finds a customer by phone (one page of 10), fills the delivery's name and phone from them, and shows the server's 409 on a shortage", async () => {
    serveShop();
    const searched = serveList('/api/admin/customers', () => ({ rows: [amina] }));
    const posted = recordJson('post', '/api/admin/orders', () =>
      HttpResponse.json({ message: 'Only 1 left of Linen Wrap Dress in size M' }, { status: 409 }),
    );
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    await user.type(await screen.findByRole('searchbox', { name: 'Find a customer' }), '0615551234');
    await user.click(await screen.findByRole('button', { name: 'Choose Amina Hassan, +252 61 555 1234' }));
    expect(paramsOf(searched.at(-1))).toEqual({ q: '0615551234', page: '1', limit: '10' });
    expect(screen.getByTestId('chosen-customer')).toHaveTextContent('Amina Hassan');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amina Hassan');
    expect(screen.getByRole('textbox', { name: 'Contact Phone' })).toHaveValue('252615551234');
    await addDress(user);
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of Linen Wrap Dress in size M');
    expect(posted[0].body).toMatchObject({ customer: { userId: 'u-amina' } });
    expect(screen.getByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();
  });

  it("shows the server's field messages by their fields, its message and the others under the button", async () => {
    serveShop();
    recordJson('post', '/api/admin/orders', () =>
      HttpResponse.json(
        {
          message: 'Please check the highlighted fields',
          errors: {
            'customer.phone': 'Enter a Somali mobile number',
            lines: 'Add at least one item',
            'lines[0].quantity': 'At most 999 of an item',
            'shippingAddress.city': 'City is required',
            discountCode: 'Discount code not found',
          },
        },
        { status: 400 },
      ),
    );
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    await user.click(await screen.findByRole('radio', { name: 'New customer' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount code (optional)' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Create order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the highlighted fields');
    // No line is on screen to show its own message.
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['At most 999 of an item']);
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAccessibleDescription('Enter a Somali mobile number');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription('City is required');
    expect(screen.getByRole('textbox', { name: 'Discount code (optional)' })).toHaveAccessibleDescription('Discount code not found');
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText('Add at least one item')).toBeInTheDocument();
  });
});

/** The quote's summary (subtotal, delivery, discount, total) as 'label: value'. */
const quoteTotals = () =>
  within(screen.getByTestId('quote-totals'))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('new order: its prices before it is created', () => {
  it("shows each line's price, picture and total and the order's totals from the server's quote, asked again as the lines, place and code change", async () => {
    serveShop();
    const quoted = serveQuote(SHOP);
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    const prices = within(await screen.findByRole('region', { name: 'Prices' }));
    expect(prices.getByText('Add an item to see the prices and the total.')).toBeInTheDocument();
    await addDress(user);

    const line = screen.getByTestId('draft-line');
    await waitFor(() => expect(within(line).getByTestId('line-price')).toHaveTextContent('$24.00 each · Line total $48.00'));
    // The picture of the colour, as the quote gives it.
    expect(line.querySelector('img')?.getAttribute('src')).toContain('/uploads/dress-sand.webp');
    expect(quoteTotals()).toEqual(['Subtotal: $48.00', 'Delivery: Once the place is chosen', 'Total without delivery: $48.00']);
    // No customer or place chosen yet: the lines alone.
    expect(quoted.map((q) => q.body)).toEqual([{ lines: [{ productId: 'p-dress', variantId: 'v-m', quantity: 2 }], discountCode: null }]);

    await fillDelivery(user);
    await waitFor(() => expect(quoteTotals()).toEqual(['Subtotal: $48.00', 'Delivery: $2.00', 'Total: $50.00']));
    // The place once it is chosen, its city and district alone: typing the address line asks nothing again.
    expect(quoted.map((q) => (q.body as { shippingAddress?: unknown }).shippingAddress)).toEqual([undefined, { city: 'Mogadishu', district: 'Hodan' }]);

    await user.type(screen.getByRole('textbox', { name: 'Discount code (optional)' }), 'EID-2026');
    await waitFor(() => expect(quoteTotals()).toEqual(['Subtotal: $48.00', 'Delivery: $2.00', 'Discount (EID-2026): -$4.80', 'Total: $45.20']));
    // Asked once typing stopped, not for each letter.
    expect(quoted.map((q) => (q.body as { discountCode: string | null }).discountCode).filter(Boolean)).toEqual(['EID-2026']);

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Linen Wrap Dress (Size M)' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await waitFor(() => expect(within(line).getByTestId('line-price')).toHaveTextContent('$24.00 each · Line total $72.00'));
    expect(quoted.at(-1)?.body).toMatchObject({ lines: [{ productId: 'p-dress', variantId: 'v-m', quantity: 3 }], discountCode: 'EID-2026' });
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('sends the customer found, so that a code limited per customer is priced for them', async () => {
    serveShop();
    serveList('/api/admin/customers', () => ({ rows: [amina] }));
    const quoted = serveQuote(SHOP);
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    await user.type(await screen.findByRole('searchbox', { name: 'Find a customer' }), 'amina');
    await user.click(await screen.findByRole('button', { name: 'Choose Amina Hassan, +252 61 555 1234' }));
    await addDress(user);
    await waitFor(() => expect(quoted).toHaveLength(1));
    expect(quoted[0].body).toMatchObject({ customer: { userId: 'u-amina' } });
  });

  it("shows the quote's refusal where the total would be: a line wanting more than is left, a code refused", async () => {
    serveShop();
    serveQuote(SHOP, (body) =>
      body.lines[0].quantity > 1 ? HttpResponse.json({ message: 'Only 1 left of Linen Wrap Dress in size M' }, { status: 409 }) : undefined,
    );
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    await addDress(user);
    const refusal = await screen.findByTestId('quote-error');
    expect(refusal).toHaveTextContent('Only 1 left of Linen Wrap Dress in size M');
    expect(within(screen.getByRole('region', { name: 'Prices' })).getByRole('alert')).toBe(refusal);

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Linen Wrap Dress (Size M)' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await waitFor(() => expect(quoteTotals()).toEqual(['Subtotal: $24.00', 'Delivery: Once the place is chosen', 'Total without delivery: $24.00']));
    expect(screen.queryByTestId('quote-error')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Discount code (optional)' }), 'NOPE');
    const refused = await screen.findByTestId('quote-error');
    expect(refused).toHaveTextContent('Please check the highlighted fields');
    expect(within(refused).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Discount code not found']);
    // Create order stays: the server decides when it is pressed.
    expect(screen.getByRole('button', { name: 'Create order' })).not.toHaveAttribute('aria-disabled');
  });

  it('a failed quote says so with Try Again, which asks again', async () => {
    serveShop();
    let fail = true;
    const quoted = serveQuote(SHOP, () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : undefined));
    const { user } = renderAdmin('/admin/orders/new', orderHandler());
    await addDress(user);
    const prices = within(screen.getByRole('region', { name: 'Prices' }));
    expect(await prices.findByRole('alert')).toHaveTextContent('x');
    fail = false;
    await user.click(prices.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(quoteTotals()).toContain('Subtotal: $48.00'));
    expect(quoted.length).toBeGreaterThanOrEqual(2);
  });
});

describe('new order: getting it paid', () => {
  it("requests the payment from the customer's wallet: the time left while waiting, a decline's reason, then paid", async () => {
    const { user } = await createOrder();
    const hold = deferred();
    let answer: () => Response = () =>
      HttpResponse.json({ message: 'The customer declined the payment (insufficient balance)' }, { status: 402 });
    const requests: unknown[] = [];
    server.use(
      http.post(`/api/admin/orders/${ORDER_ID}/payment-request`, async ({ request }) => {
        requests.push(await request.json());
        await hold.promise;
        return answer();
      }),
    );

    expect(screen.getByRole('combobox', { name: 'Wallet' })).toHaveDisplayValue('EVC Plus');
    expect(screen.getByRole('textbox', { name: "Payer's phone" })).toHaveValue('252615551234');
    await user.click(screen.getByRole('button', { name: 'Request payment' }));
    const waiting = await screen.findByTestId('payment-waiting');
    expect(waiting).toHaveTextContent('Waiting for the customer to confirm');
    expect(within(waiting).getByTestId('payment-seconds-left')).toHaveTextContent(/^(60|59) seconds left$/);
    hold.resolve();

    const result = screen.getByTestId('payment-result');
    await within(result).findByText('The customer declined the payment (insufficient balance)');
    expect(requests[0]).toEqual({ paymentMethod: 'evc-plus', paymentPhone: '252615551234' });
    expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();

    answer = () => HttpResponse.json({ message: 'Payment received', order: taken({ paymentStatus: 'paid', paymentAwaits: null, paymentMethod: 'evc-plus' }) }, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Request payment' }));
    await within(result).findByText('Payment received');
    expect(within(result).getByText('The order is paid.')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it("sends a payment link: the link with its copy button, when it expires, the SMS and WhatsApp's link", async () => {
    const { user } = await createOrder();
    const whatsappUrl = 'https://wa.me/252615557777?text=Pay%20your%20Dukaan%20Fashion%20order';
    recordJson('post', `/api/admin/orders/${ORDER_ID}/payment-link`, () =>
      HttpResponse.json({ url: 'https://shop.example/pay/abc123', expiresAt: '2026-11-28T12:00:00Z', whatsappUrl, smsSent: false }, { status: 201 }),
    );
    await user.click(screen.getByRole('button', { name: 'Send payment link' }));

    const link = await screen.findByTestId('payment-link');
    expect(within(link).getByRole('textbox', { name: 'Payment link' })).toHaveValue('https://shop.example/pay/abc123');
    expect(link).toHaveTextContent('SMS is not set up: share the link');
    expect(link).toHaveTextContent('Expires');
    const share = within(link).getByRole('link', { name: /Share on WhatsApp/ });
    expect(share).toHaveAttribute('href', whatsappUrl);
    expect(share).toHaveAttribute('target', '_blank');
    expect(share).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(within(link).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('https://shop.example/pay/abc123');
  });

  it('says the link went to the customer alone when the server keeps it from a colleague who sees no amounts', async () => {
    const { user } = await createOrder();
    recordJson('post', `/api/admin/orders/${ORDER_ID}/payment-link`, () =>
      HttpResponse.json({ url: null, expiresAt: '2026-11-28T12:00:00Z', whatsappUrl: null, smsSent: true }, { status: 201 }),
    );
    await user.click(screen.getByRole('button', { name: 'Send payment link' }));

    const link = await screen.findByTestId('payment-link');
    expect(link).toHaveTextContent('Sent by SMS');
    expect(link).toHaveTextContent("The link went to the customer only: its page shows the order's total.");
    expect(within(link).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(link).queryByRole('link', { name: /Share on WhatsApp/ })).not.toBeInTheDocument();
  });

  it("takes cash on delivery, or shows the server's reason when the zone takes none", async () => {
    const { user } = await createOrder();
    let answer = () =>
      HttpResponse.json({ message: 'Please check the highlighted fields', errors: { paymentMethod: 'Cash on delivery is not available in Hodan' } }, { status: 400 });
    server.use(http.post(`/api/admin/orders/${ORDER_ID}/cash-on-delivery`, () => answer()));
    await user.click(screen.getByRole('button', { name: 'Cash on delivery' }));
    const result = screen.getByTestId('payment-result');
    await within(result).findByText('Cash on delivery is not available in Hodan');

    answer = () => HttpResponse.json({ message: 'The order will be paid in cash on delivery', order: taken({ paymentMethod: 'cash-on-delivery', paymentAwaits: 'rider' }) });
    await user.click(screen.getByRole('button', { name: 'Cash on delivery' }));
    await within(result).findByText('The order will be paid in cash on delivery');
    expect(screen.queryByRole('button', { name: 'Send payment link' })).not.toBeInTheDocument();
  });
});

describe('new order: who may take one', () => {
  it('is the access-denied page for a role without orders.create, and the orders list offers no New order', async () => {
    const stock = makeUser({ role: 'stock', name: 'Hibo Stock' });
    const { unmount } = renderAdmin('/admin/orders/new', stock);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    unmount();

    serveList('/api/orders/all', () => ({ rows: [makeOrder()] }));
    const reader = makeUser({ role: 'orders', name: 'Nimco Staff', permissions: ['orders.read'] });
    renderAdmin('/admin/orders', reader);
    await screen.findAllByTestId('order-row');
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
  });

  it("an order handler's orders list leads to the new order", async () => {
    serveList('/api/orders/all', () => ({ rows: [makeOrder()] }));
    const { user } = renderAdmin('/admin/orders', orderHandler());
    await user.click(await screen.findByRole('link', { name: 'New order' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders/new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New order' })).toBeInTheDocument();
  });
});
