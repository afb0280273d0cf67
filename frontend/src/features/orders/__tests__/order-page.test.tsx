import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { changedBy } from '@/lib/returns';
import type { OrderDetail, OrderLine, OrderReturn } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { allowedReturn, makeOrderDetail, makeReturn, refusedReturn } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/OrderPage');
});

const DAY = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const ORDER_ID = '0193a2b4-5c6d-7000-8000-00000000abcd';
const DRESS_LINE = `${ORDER_ID}-1`;
const SCARF_LINE = `${ORDER_ID}-2`;

const dress: OrderLine = {
  _id: DRESS_LINE,
  productId: { _id: 'p1', name: 'Linen Wrap Dress', image: null },
  name: 'Linen Wrap Dress',
  image: '/uploads/linen.webp',
  price: 30,
  quantity: 2,
  lineTotal: 60,
  variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' },
};
const scarf: OrderLine = {
  _id: SCARF_LINE,
  productId: { _id: 'p2', name: 'Silk Scarf', image: null },
  name: 'Silk Scarf',
  image: '/uploads/scarf.webp',
  price: 12,
  quantity: 1,
  lineTotal: 12,
  variant: null,
};

const placedAt = iso(now - 10 * DAY);
const shippedAt = iso(now - 8 * DAY);
const deliveredAt = iso(now - 5 * DAY);
const until = iso(now + 25 * DAY);

/** A paid order, #1042, delivered five days ago: two dresses (size M, black) and a one-size scarf, with a code; nothing returned yet. */
function delivered(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return makeOrderDetail({
    _id: ORDER_ID,
    number: 1042,
    createdAt: placedAt,
    status: 'delivered',
    paymentStatus: 'paid',
    paymentMethod: 'evc-plus',
    paymentPhone: '252615551234',
    subtotal: 72,
    discountCode: 'EID-2026',
    discountAmount: 7.2,
    shippingFee: 5,
    totalAmount: 69.8,
    refundedAmount: 0,
    products: [dress, scarf],
    deliveredAt,
    returnableUntil: until,
    returnable: allowedReturn({ [DRESS_LINE]: 2, [SCARF_LINE]: 1 }),
    statusHistory: [
      { status: 'pending', at: placedAt, by: null },
      { status: 'shipped', at: shippedAt, by: null },
      { status: 'delivered', at: deliveredAt, by: null },
    ],
    ...overrides,
  });
}

const dressReturn = (overrides: Partial<OrderReturn> = {}) =>
  makeReturn({
    orderId: ORDER_ID,
    lines: [{ lineId: DRESS_LINE, name: 'Linen Wrap Dress', variant: dress.variant ?? null, quantity: 1, amount: 27 }],
    refundAmount: 27,
    reason: 'Too big',
    ...overrides,
  });

/** GET /api/orders/{id} and its returns. */
function serveOrder(order: OrderDetail, returns: OrderReturn[] = []) {
  server.use(
    http.get('/api/orders/:id', ({ params }) =>
      params.id === order._id ? HttpResponse.json(order) : HttpResponse.json({ message: 'Order not found' }, { status: 404 }),
    ),
    http.get('/api/orders/:id/returns', () => HttpResponse.json(returns)),
  );
}

const page = () => within(screen.getByRole('main'));
const openOrder = async (order: OrderDetail, returns: OrderReturn[] = []) => {
  serveOrder(order, returns);
  const utils = renderApp(`/orders/${order._id}`, { user: true });
  await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
  await screen.findByRole('heading', { name: 'Returns' });
  await waitFor(() => expect(screen.queryByText('Loading returns...')).not.toBeInTheDocument());
  return utils;
};

describe('who set a status', () => {
  it('names who set a status: the admin, else the customer for the first and the shop itself after', () => {
    expect(changedBy({ by: { _id: 'a1', name: 'Sahra Admin' } }, 2)).toBe('Sahra Admin');
    expect(changedBy({ by: null }, 0)).toBe('Customer');
    expect(changedBy({ by: null }, 1)).toBe('System');
  });
});

describe('shopper order page', () => {
  it('shows the lines with pictures and sizes, the amounts, the delivery address, the payment and the status timeline', async () => {
    await openOrder(delivered());
    expect(document.title).toMatch(/^Order #1042 \| /);
    expect(page().queryByText(ORDER_ID)).not.toBeInTheDocument();
    expect(page().getByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    expect(page().getByText(`Placed on ${formatLongDate(placedAt)}`)).toBeInTheDocument();

    const items = within(screen.getByRole('region', { name: 'Items' }));
    const lines = items.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(lines[0].querySelector('img')).toHaveAttribute('src', '/uploads/linen.webp');
    expect(within(lines[0]).getByText('Linen Wrap Dress')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Size M · Black')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Qty 2 × $30.00')).toBeInTheDocument();
    expect(within(lines[0]).getByText('$60.00')).toBeInTheDocument();
    expect(lines[1].querySelector('img')).toHaveAttribute('src', '/uploads/scarf.webp');
    expect(within(lines[1]).queryByTestId('line-variant')).not.toBeInTheDocument();
    const amounts = Array.from(items.getByText('Subtotal').closest('dl')!.querySelectorAll('div')).map((row) => row.textContent);
    expect(amounts).toEqual(['Subtotal$72.00', 'Discount (EID-2026)-$7.20', 'Shipping$5.00', 'Total$69.80']);

    const address = within(screen.getByRole('region', { name: 'Delivery address' }));
    expect(address.getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(address.getByText(/Hodan, Mogadishu/)).toBeInTheDocument();
    expect(address.getByTestId('address-landmark')).toHaveTextContent(/^Landmark: Near the Hodan market mosque$/);

    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('EVC Plus')).toBeInTheDocument();
    expect(payment.getByText('252615551234')).toBeInTheDocument();
    expect(payment.getByText('Payment paid')).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Order status history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      `Pending${formatDateTime(placedAt)}`,
      `Shipped${formatDateTime(shippedAt)}`,
      `Delivered${formatDateTime(deliveredAt)}`,
    ]);
    expect(page().getByText('Delivered', { selector: '[data-testid="order-status"]' })).toBeInTheDocument();
  });

  it('shows what was refunded once something was', async () => {
    await openOrder(delivered({ paymentStatus: 'partiallyRefunded', refundedAmount: 27 }));
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('Refunded').nextSibling).toHaveTextContent('$27.00');
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Payment partially refunded')).toBeInTheDocument();
  });

  it("offers 'Return items' while the server allows a return, and says its reason when it does not", async () => {
    const cases: [string, OrderDetail, string | null][] = [
      ['delivered, within 30 days', delivered(), null],
      ['partly refunded', delivered({ paymentStatus: 'partiallyRefunded', refundedAmount: 27 }), null],
      [
        'shipped',
        delivered({ status: 'shipped', deliveredAt: null, returnableUntil: null, returnable: refusedReturn('Only delivered orders can be returned', { [DRESS_LINE]: 2, [SCARF_LINE]: 1 }) }),
        'Only delivered orders can be returned',
      ],
      [
        'the 30 days are over',
        delivered({ returnable: refusedReturn('The 30 days to return this order ended on 3 December 2026', { [DRESS_LINE]: 2, [SCARF_LINE]: 1 }) }),
        'The 30 days to return this order ended on 3 December 2026',
      ],
      ['refunded in full', delivered({ paymentStatus: 'refunded', refundedAmount: 69.8, returnable: refusedReturn('This order has been refunded in full') }), 'This order has been refunded in full'],
      [
        'every unit is in a return',
        delivered({ returnable: refusedReturn('Every item of this order is already in a return', { [DRESS_LINE]: 0, [SCARF_LINE]: 0 }) }),
        'Every item of this order is already in a return',
      ],
    ];
    for (const [what, order, reason] of cases) {
      const { unmount } = await openOrder(order);
      const returns = within(screen.getByRole('region', { name: 'Returns' }));
      expect({
        what,
        button: Boolean(returns.queryByRole('button', { name: 'Return items' })),
        notice: Boolean(returns.queryByText(`Returns are possible until ${formatLongDate(until)}`)),
        reason: reason && Boolean(returns.queryByText(reason)),
      }).toEqual({ what, button: !reason, notice: !reason, reason: reason && true });
      unmount();
    }
  });

  it('offers each line 0 up to the units left, sends the chosen units and the reason, and shows the return', async () => {
    const earlier = dressReturn({ status: 'approved', createdAt: iso(now - 2 * DAY) });
    const posts: unknown[] = [];
    const created = dressReturn({
      _id: 'r-new',
      createdAt: iso(now),
      lines: [
        { lineId: DRESS_LINE, name: 'Linen Wrap Dress', variant: dress.variant ?? null, quantity: 1, amount: 27 },
        { lineId: SCARF_LINE, name: 'Silk Scarf', variant: null, quantity: 1, amount: 15.8 },
      ],
      refundAmount: 42.8,
      reason: 'The colour is not as pictured',
    });
    let returns = [earlier];
    let order = delivered({ returnable: allowedReturn({ [DRESS_LINE]: 1, [SCARF_LINE]: 1 }) });
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json(returns)),
      http.post('/api/orders/:id/returns', async ({ request, params }) => {
        expect(params.id).toBe(ORDER_ID);
        posts.push(await request.json());
        returns = [created, earlier];
        order = delivered({ returnable: refusedReturn('Every item of this order is already in a return', { [DRESS_LINE]: 0, [SCARF_LINE]: 0 }) });
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderApp(`/orders/${ORDER_ID}`, { user: true });
    const open = await screen.findByRole('button', { name: 'Return items' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(screen.getByRole('form', { name: 'Return items' }));
    expect(form.getByRole('heading', { name: 'Return items' })).toHaveFocus();

    const dressQty = form.getByRole('combobox', { name: /Quantity to return of Linen Wrap Dress/ });
    const scarfQty = form.getByRole('combobox', { name: /Quantity to return of Silk Scarf/ });
    // Two bought, one already in the approved return.
    expect(within(dressQty).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1']);
    expect(form.getByText('1 of 2 left to return')).toBeInTheDocument();
    expect(within(scarfQty).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1']);
    await user.selectOptions(dressQty, '1');
    await user.selectOptions(scarfQty, '1');
    const reason = form.getByRole('textbox', { name: 'Why are you returning them?' });
    expect(reason).toHaveAttribute('maxLength', '1000');
    await user.type(reason, '  The colour is not as pictured ');
    await user.click(form.getByRole('button', { name: 'Request return' }));

    await findToast('Return requested');
    expect(posts).toEqual([
      {
        lines: [
          { lineId: DRESS_LINE, quantity: 1 },
          { lineId: SCARF_LINE, quantity: 1 },
        ],
        reason: 'The colour is not as pictured',
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Return items' })).not.toBeInTheDocument();
    const shown = await screen.findAllByTestId('return');
    expect(shown).toHaveLength(2);
    const mine = within(shown[0]);
    expect(mine.getByRole('heading', { name: `Return requested on ${formatLongDate(iso(now))}` })).toHaveFocus();
    expect(mine.getByTestId('return-status')).toHaveTextContent('Requested');
    expect(mine.getAllByTestId('return-line').map((l) => l.textContent)).toEqual(['Linen Wrap Dress × 1Size M · Black$27.00', 'Silk Scarf × 1$15.80']);
    expect(mine.getByText('$42.80')).toBeInTheDocument();
    expect(mine.getByText('The colour is not as pictured')).toBeInTheDocument();
    expect(screen.getByText(/We have your return request/)).toBeInTheDocument();
    // Every unit is now in a return: the order, fetched again, says so.
    expect(await screen.findByText('Every item of this order is already in a return')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it("checks the form before sending, and shows the server's message when it refuses", async () => {
    let posts = 0;
    serveOrder(delivered());
    server.use(
      http.post('/api/orders/:id/returns', () => {
        posts += 1;
        return HttpResponse.json({ message: 'You can return at most 1 of Linen Wrap Dress' }, { status: 409 });
      }),
    );
    const { user } = renderApp(`/orders/${ORDER_ID}`, { user: true });
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = within(screen.getByRole('form', { name: 'Return items' }));
    await user.click(form.getByRole('button', { name: 'Request return' }));
    expect(form.getByText('Choose at least one item to return')).toBeInTheDocument();
    expect(form.getByText('Please tell us why you are returning these items')).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: /Linen Wrap Dress/ })).toHaveFocus();
    expect(posts).toBe(0);

    await user.selectOptions(form.getByRole('combobox', { name: /Linen Wrap Dress/ }), '2');
    expect(form.queryByText('Choose at least one item to return')).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Why are you returning them?' }), 'Too small');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You can return at most 1 of Linen Wrap Dress');
    expect(posts).toBe(1);

    server.use(http.post('/api/orders/:id/returns', () => HttpResponse.json({ message: 'The 30 days to return this order ended on 3 December 2026' }, { status: 409 })));
    await user.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('The 30 days to return this order ended on 3 December 2026'));

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Return items' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return items' })).toHaveFocus();
  });

  it("shows each return's progress: status, lines, refund and its history", async () => {
    const refunded = dressReturn({
      status: 'refunded',
      createdAt: iso(now - 4 * DAY),
      statusHistory: [
        { status: 'requested', at: iso(now - 4 * DAY), by: null },
        { status: 'approved', at: iso(now - 3 * DAY), by: null },
        { status: 'received', at: iso(now - 2 * DAY), by: null },
        { status: 'refunded', at: iso(now - DAY), by: null },
      ],
    });
    await openOrder(delivered({ paymentStatus: 'partiallyRefunded', refundedAmount: 27 }), [refunded]);
    const ret = within(screen.getByTestId('return'));
    expect(ret.getByText('Refunded', { selector: '[data-testid="return-status"]' })).toBeInTheDocument();
    expect(ret.getByText('Refunded', { selector: 'dt' }).nextSibling).toHaveTextContent('$27.00');
    expect(ret.getByText('Too big')).toBeInTheDocument();
    expect(within(ret.getByRole('list', { name: 'Return status history' })).getAllByRole('listitem').map((s) => s.textContent)).toEqual([
      `Requested${formatDateTime(iso(now - 4 * DAY))}`,
      `Approved${formatDateTime(iso(now - 3 * DAY))}`,
      `Received${formatDateTime(iso(now - 2 * DAY))}`,
      `Refunded${formatDateTime(iso(now - DAY))}`,
    ]);
  });

  it("says so for an order that is not the shopper's or does not exist", async () => {
    server.use(http.get('/api/orders/:id', () => HttpResponse.json({ message: 'Order not found' }, { status: 404 })));
    renderApp('/orders/someone-elses', { user: true });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/profile?tab=orders');
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    renderApp(`/orders/${ORDER_ID}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it("links each line of a delivered order to its product's review form", async () => {
    await openOrder(delivered());
    const lines = screen.getAllByTestId('order-line');
    expect(within(lines[0]).getByRole('link', { name: 'Review Linen Wrap Dress' })).toHaveAttribute('href', '/product/p1#write-review');
    expect(within(lines[1]).getByRole('link', { name: 'Review Silk Scarf' })).toHaveAttribute('href', '/product/p2#write-review');
  });

  it("offers no 'Review' before delivery", async () => {
    await openOrder(delivered({ status: 'shipped', deliveredAt: null, returnableUntil: null }));
    expect(page().queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();
  });

  it('is linked from the Orders tab', async () => {
    serveOrder(delivered());
    server.use(http.get('/api/orders', () => HttpResponse.json([delivered()])));
    const { user } = renderApp('/profile?tab=orders', { user: true });
    await user.click(await screen.findByRole('link', { name: '#1042' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/orders/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
  });

  it('is axe-clean, with its returns and the open form showing an error', async () => {
    const { user } = await openOrder(delivered({ paymentStatus: 'partiallyRefunded', refundedAmount: 27 }), [dressReturn({ status: 'refunded' })]);
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    await user.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await axeViolations()).toEqual([]);
  });
});
