import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatLongDate } from '@/lib/format';
import type { OrderDetail, OrderReturn } from '@/lib/types';
import { makeOrderDetail, makeReturn, makeUser, refusedReturn } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { adminUser, currentUrl, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([import('../orders/components/OrderPage'), import('../orders/components/OrdersPage')]);
});

const ORDER_ID = 'cafe1234-0000-7000-8000-00000000beef';
const sahra = { _id: 'a1', name: 'Sahra Admin' };

const order: OrderDetail = makeOrderDetail({
  _id: ORDER_ID,
  number: 1042,
  createdAt: '2026-11-02T12:00:00Z',
  status: 'delivered',
  paymentStatus: 'partiallyRefunded',
  paymentMethod: 'evc-plus',
  paymentPhone: '252615551234',
  transactionId: 'EVC-778899',
  subtotal: 72,
  discountCode: null,
  discountAmount: 0,
  shippingFee: 5,
  totalAmount: 77,
  refundedAmount: 30,
  userId: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
  products: [
    {
      _id: `${ORDER_ID}-1`,
      productId: { _id: 'p1', name: 'Linen Wrap Dress', image: null },
      name: 'Linen Wrap Dress',
      image: '/uploads/linen.webp',
      price: 30,
      quantity: 2,
      lineTotal: 60,
      variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' },
    },
    { _id: `${ORDER_ID}-2`, productId: { _id: 'p2', name: 'Silk Scarf', image: null }, name: 'Silk Scarf', image: null, price: 12, quantity: 1, lineTotal: 12, variant: null },
  ],
  deliveredAt: '2026-11-06T09:00:00Z',
  returnableUntil: '2026-12-06T09:00:00Z',
  returnable: refusedReturn('The 30 days to return this order ended on 6 December 2026', { [`${ORDER_ID}-1`]: 1, [`${ORDER_ID}-2`]: 1 }),
  // A return holds a unit: no cancel.
  nextStatuses: ['pending', 'shipped'],
  statusHistory: [
    { status: 'pending', at: '2026-11-02T12:00:00Z', by: null },
    { status: 'canceled', at: '2026-11-02T12:20:00Z', by: null },
    { status: 'pending', at: '2026-11-02T15:00:00Z', by: sahra },
    { status: 'shipped', at: '2026-11-03T10:00:00Z', by: sahra },
    { status: 'delivered', at: '2026-11-06T09:00:00Z', by: { _id: 'a2', name: 'Farah Courier Desk' } },
  ],
});

const received = makeReturn({
  _id: 'r-1',
  orderId: ORDER_ID,
  orderNumber: '#1042',
  status: 'received',
  createdAt: '2026-11-08T10:00:00Z',
  lines: [{ lineId: `${ORDER_ID}-1`, name: 'Linen Wrap Dress', variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' }, quantity: 1, amount: 30 }],
  refundAmount: 30,
  reason: 'Too big',
  statusHistory: [
    { status: 'requested', at: '2026-11-08T10:00:00Z', by: null },
    { status: 'approved', at: '2026-11-08T11:00:00Z', by: sahra },
    { status: 'received', at: '2026-11-10T11:00:00Z', by: sahra },
  ],
  nextSteps: ['refunded'],
});

/** GET /api/orders/{id} (the current `order`) and its returns; counts the order's fetches. */
function serveOrder(current: () => OrderDetail = () => order, returns: () => OrderReturn[] = () => [received]) {
  let fetched = 0;
  server.use(
    http.get('/api/orders/:id', ({ params }) => {
      if (params.id !== ORDER_ID) return HttpResponse.json({ message: 'Order not found' }, { status: 404 });
      fetched += 1;
      return HttpResponse.json(current());
    }),
    http.get('/api/orders/:id/returns', () => HttpResponse.json(returns())),
  );
  return { fetched: () => fetched };
}

const main = () => within(screen.getByRole('main'));
const region = (name: string) => within(screen.getByRole('region', { name }));

async function openPage() {
  const utils = renderAdmin(`/admin/orders/${ORDER_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
  await screen.findAllByTestId('return');
  return utils;
}

describe('admin order page', () => {
  it('shows the customer, the lines with size and SKU, the amounts, address, payment and who set each status', async () => {
    serveOrder();
    await openPage();
    // The order by its number, in the title too; its id is only in the address.
    await waitFor(() => expect(document.title).toBe('Order #1042 | Dukaan Fashion'));
    expect(main().queryByText(ORDER_ID)).not.toBeInTheDocument();
    expect(main().queryByText(/Order number:/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(region('Customer').getByText('Amina Hassan')).toBeInTheDocument();
    expect(region('Customer').getByText('amina@example.com')).toBeInTheDocument();

    const lines = region('Items').getAllByTestId('order-line');
    expect(within(lines[0]).getByText('Size M · Black')).toBeInTheDocument();
    expect(within(lines[0]).getByText('SKU LWD-BLK-M')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Qty 2 × $30.00')).toBeInTheDocument();
    expect(region('Items').getByText('Refunded').nextSibling).toHaveTextContent('$30.00');
    expect(region('Items').getByText('Total').nextSibling).toHaveTextContent('$77.00');
    expect(region('Delivery address').getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(region('Payment').getByText('EVC Plus')).toBeInTheDocument();
    expect(region('Payment').getByText('EVC-778899')).toBeInTheDocument();
    expect(region('Payment').getByText('Payment partially refunded')).toBeInTheDocument();

    const history = within(region('Status history').getByRole('list', { name: 'Order status history' })).getAllByRole('listitem');
    expect(history.map((s) => s.textContent)).toEqual([
      `Pending${formatDateTime('2026-11-02T12:00:00Z')} · by Customer`,
      `Canceled${formatDateTime('2026-11-02T12:20:00Z')} · by System`,
      `Pending${formatDateTime('2026-11-02T15:00:00Z')} · by Sahra Admin`,
      `Shipped${formatDateTime('2026-11-03T10:00:00Z')} · by Sahra Admin`,
      `Delivered${formatDateTime('2026-11-06T09:00:00Z')} · by Farah Courier Desk`,
    ]);
  });

  it("lists the order's returns with who moved them and their next step", async () => {
    serveOrder();
    await openPage();
    const ret = within(screen.getByTestId('return'));
    expect(ret.getByTestId('return-status')).toHaveTextContent('Received');
    expect(within(ret.getByRole('list', { name: 'Return status history' })).getAllByRole('listitem').map((s) => s.textContent)).toEqual([
      `Requested${formatDateTime('2026-11-08T10:00:00Z')} · by Customer`,
      `Approved${formatDateTime('2026-11-08T11:00:00Z')} · by Sahra Admin`,
      `Received${formatDateTime('2026-11-10T11:00:00Z')} · by Sahra Admin`,
    ]);
    expect(ret.getAllByRole('button').map((b) => b.textContent)).toEqual(['Refund the return of order #1042']);
  });

  it('refunds a return after the confirmation and fetches the order again (refunded amount and payment status)', async () => {
    let current = order;
    let returns = [received];
    const served = serveOrder(() => current, () => returns);
    const puts: unknown[] = [];
    server.use(
      http.put('/api/admin/returns/:id', async ({ request }) => {
        puts.push(await request.json());
        const done = { ...received, status: 'refunded' as const, statusHistory: [...received.statusHistory, { status: 'refunded', at: '2026-11-11T09:00:00Z', by: sahra }], nextSteps: [] };
        returns = [done];
        current = { ...order, paymentStatus: 'partiallyRefunded', refundedAmount: 60 };
        return HttpResponse.json(done);
      }),
    );
    const { user } = await openPage();
    expect(served.fetched()).toBe(1);
    await user.click(screen.getByRole('button', { name: /^Refund/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Refund Return' })).getByRole('button', { name: 'Refund' }));
    await findToast('Refunded $30.00');
    expect(puts).toEqual([{ status: 'refunded' }]);
    await waitFor(() => expect(region('Items').getByText('Refunded').nextSibling).toHaveTextContent('$60.00'));
    expect(served.fetched()).toBe(2);
    expect(screen.getByTestId('return-status')).toHaveTextContent('Refunded');
    expect(within(screen.getByTestId('return')).queryAllByRole('button')).toEqual([]);
  });

  it('prints a packing slip: shop name, order number, date, ship-to address, lines with size, SKU and quantity, no prices', async () => {
    serveOrder();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openPage();
    const slip = within(screen.getByTestId('packing-slip'));
    // Outside the page's content: when printing, only the slip shows (index.css).
    expect(screen.getByTestId('packing-slip').parentElement).toBe(document.body);
    expect(screen.getByTestId('packing-slip')).toHaveAttribute('data-print-only');
    await waitFor(() => expect(slip.getByText('Dukaan Fashion')).toBeInTheDocument());
    expect(slip.getByText('Packing slip')).toBeInTheDocument();
    expect(slip.getByText('Order number').nextElementSibling).toHaveTextContent(/^#1042$/);
    expect(slip.queryByText(ORDER_ID)).not.toBeInTheDocument();
    expect(slip.getByText(formatLongDate('2026-11-02T12:00:00Z'))).toBeInTheDocument();
    expect(slip.getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(slip.getByTestId('address-landmark')).toHaveTextContent(/^Landmark: Near the Hodan market mosque$/);
    const rows = slip.getAllByRole('row').map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Item', 'Size', 'Colour', 'SKU', 'Quantity'],
      ['Linen Wrap Dress', 'M', 'Black', 'LWD-BLK-M', '2'],
      ['Silk Scarf', 'One size', '', '', '1'],
      ['Items in all', '3'],
    ]);
    expect(slip.queryByText(/\$/)).not.toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'Print packing slip' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("updates the order's status from its page", async () => {
    serveOrder();
    const puts: unknown[] = [];
    server.use(
      http.put('/api/orders/:id', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({
          ...order,
          status: 'shipped',
          statusHistory: [...(order.statusHistory ?? []), { status: 'shipped', at: '2026-11-12T09:00:00Z', by: sahra }],
          nextStatuses: ['pending', 'delivered'],
        });
      }),
    );
    const { user } = await openPage();
    await user.click(main().getByRole('button', { name: 'Update Status' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    const select = dialog.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveFocus();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a status', 'Pending', 'Shipped']);
    await user.selectOptions(select, 'shipped');
    await user.click(dialog.getByRole('button', { name: 'Update' }));
    await findToast('Order status updated successfully');
    expect(puts).toEqual([{ status: 'shipped' }]);
    expect(main().getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(region('Status history').getByRole('list')).getAllByRole('listitem')).toHaveLength(6);
  });

  it('is opened from its row in the orders table', async () => {
    serveOrder();
    serveList<OrderDetail>('/api/orders/all', () => ({ rows: [order] }));
    const { user } = renderAdmin('/admin/orders');
    const row = within((await screen.findAllByTestId('order-row'))[0]);
    expect(row.getByTestId('order-id')).toHaveTextContent(/^#1042$/);
    await user.click(row.getByRole('link', { name: '#1042' }));
    await waitFor(() => expect(currentUrl()).toBe(`/admin/orders/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← Orders' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'));
  });

  it('says when there is no such order', async () => {
    serveOrder();
    renderAdmin('/admin/orders/nope');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it('shows a cancel whose refund was sent but not answered, and records the admin\'s word on it', async () => {
    let current: OrderDetail = {
      ...order,
      paymentMethod: 'edahab',
      paymentPhone: '252651234567',
      status: 'shipped',
      paymentStatus: 'paid',
      refundedAmount: 0,
      refundStatus: 'unconfirmed',
      refundSentAt: '2026-11-21T08:00:00Z',
      nextStatuses: [],
    };
    serveOrder(() => current);
    const calls: unknown[] = [];
    server.use(
      http.post('/api/orders/:id/refund', async ({ request }) => {
        calls.push(await request.json());
        current = { ...current, status: 'canceled', paymentStatus: 'refunded', refundedAmount: 77, refundStatus: null, refundSentAt: null };
        return HttpResponse.json(current);
      }),
    );
    const { user } = await openPage();
    const notice = within(screen.getByRole('group', { name: 'Refund sent, answer not received' }));
    // eDahab's refunds go through eDahab, whose merchant account the admin checks.
    const said = notice.getByText(/^The refund of order #1042 \(\$77\.00\) was sent to eDahab on/);
    expect(said).toHaveTextContent(formatDateTime('2026-11-21T08:00:00Z'));
    expect(said).toHaveTextContent(/Check your eDahab merchant account, then choose\.$/);
    expect(region('Payment').getByText('Refund').nextSibling).toHaveTextContent('Refund sent, answer not received');

    await user.click(notice.getByRole('button', { name: 'Mark refunded of order #1042' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Mark Refunded' }));
    expect(confirm.getByText(/Do this only if your eDahab merchant account shows the money went back\. Nothing is sent\.$/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Mark refunded' }));
    await findToast('Order marked as refunded');
    expect(calls).toEqual([{ resolution: 'confirmed' }]);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Refund sent, answer not received' })).not.toBeInTheDocument());
    expect(region('Payment').getByText('Payment refunded')).toBeInTheDocument();
  });
});

describe('admin order page: for the order handler who took it', () => {
  it("shows the amounts the server sent, whatever the person's permissions, and no payment attempts (money.read's)", async () => {
    serveOrder();
    renderAdmin(`/admin/orders/${ORDER_ID}`, makeUser({ role: 'orders', name: 'Faisal Orders' }));
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    const lines = region('Items').getAllByTestId('order-line');
    expect(within(lines[0]).getByText('Qty 2 × $30.00')).toBeInTheDocument();
    expect(region('Items').getByText('Total').nextSibling).toHaveTextContent('$77.00');
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('shows no amount (never $0.00) for an order the server sent without them', async () => {
    const { subtotal: _s, shippingFee: _f, discountAmount: _d, totalAmount: _t, refundedAmount: _r, ...rest } = order;
    const bare = { ...rest, products: order.products.map(({ price: _p, lineTotal: _l, ...line }) => line) } as OrderDetail;
    serveOrder(() => bare);
    renderAdmin(`/admin/orders/${ORDER_ID}`, makeUser({ role: 'orders', name: 'Omar Orders' }));
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    expect(region('Items').queryByText('Total')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' }).textContent).not.toMatch(/\$/);
  });

  it("says who set each status in Somali, and writes the payer's and the address's phone one way", async () => {
    serveOrder();
    renderAdmin(`/admin/orders/${ORDER_ID}`, adminUser({ language: 'so' }));
    await screen.findByRole('heading', { level: 1, name: 'Dalab #1042' });
    const history = within(region('Taariikhda xaaladda').getByRole('list')).getAllByRole('listitem');
    expect(history[0]).toHaveTextContent(/ · waxaa sameeyay Macmiil$/);
    expect(history[2]).toHaveTextContent(/ · waxaa sameeyay Sahra Admin$/);
    expect(main().queryByText(/ by /)).not.toBeInTheDocument();
    expect(region('Lacag bixinta').getByText('+252 61 555 1234')).toBeInTheDocument();
    expect(region('Cinwaanka gaarsiinta').getByText(/\+252 61 555 1234/)).toBeInTheDocument();
    expect(within(screen.getByTestId('packing-slip')).getByText(/\+252 61 555 1234/)).toBeInTheDocument();
  });
});
