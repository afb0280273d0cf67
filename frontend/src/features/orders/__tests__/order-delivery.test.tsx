/**
 * The delivery on the shopper's order page (issue 43): the rider bringing it with a call link
 * while out, the attempts that failed in words, delivered by whom, and the cash to pay for an
 * order paid in cash on delivery.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import type { OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDelivery, makeOrderDetail } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, within } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/OrderPage');
});

const ORDER_ID = '0193a2b4-5c6d-7000-8000-00000000abcd';

async function openOrder(order: OrderDetail) {
  server.use(
    http.get('/api/orders/:id', () => HttpResponse.json(order)),
    http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
  );
  renderApp(`/orders/${order._id}`, { user: true });
  await screen.findByRole('heading', { level: 1, name: `Order #${order.number}` });
}

const delivery = () => within(screen.getByRole('region', { name: 'Delivery' }));

describe("the order's delivery", () => {
  it('names the rider bringing it with a call link, the attempts in words, and the cash to pay', async () => {
    const at = '2026-11-26T09:15:00Z';
    await openOrder(
      makeOrderDetail({
        _id: ORDER_ID,
        status: 'shipped',
        paymentMethod: 'cash-on-delivery',
        paymentStatus: 'pending',
        paymentAwaits: 'rider',
        totalAmount: 53,
        transactionId: null,
        delivery: makeOrderDelivery({ attempts: [{ at, reason: 'unreachable' }] }),
      }),
    );
    expect(delivery().getByText('On its way with Abdi')).toBeInTheDocument();
    expect(delivery().getByRole('link', { name: 'Call Abdi: 252617770001' })).toHaveAttribute('href', 'tel:+252617770001');
    expect(delivery().getByTestId('cash-due')).toHaveTextContent('Pay $53.00 in cash on delivery');
    expect(delivery().getByRole('heading', { level: 3, name: 'Delivery attempts' })).toBeInTheDocument();
    expect(delivery().getByRole('listitem')).toHaveTextContent(`${formatDateTime(at)}: Could not reach the customer`);
    expect(await axeViolations()).toEqual([]);
  });

  it('says who delivered it, with no call link and nothing to pay once paid', async () => {
    await openOrder(
      makeOrderDetail({
        _id: ORDER_ID,
        status: 'delivered',
        paymentMethod: 'cash-on-delivery',
        paymentStatus: 'paid',
        delivery: makeOrderDelivery({ state: 'delivered', deliveredAt: '2026-11-27T10:00:00Z' }),
      }),
    );
    expect(delivery().getByText(`Delivered by Abdi on ${formatDateTime('2026-11-27T10:00:00Z')}`)).toBeInTheDocument();
    expect(delivery().queryByRole('link')).not.toBeInTheDocument();
    expect(delivery().queryByTestId('cash-due')).not.toBeInTheDocument();
  });

  it("says a failed delivery goes out again, with the attempt's reason", async () => {
    await openOrder(
      makeOrderDetail({
        _id: ORDER_ID,
        status: 'pending',
        delivery: makeOrderDelivery({ state: 'failed', attempts: [{ at: '2026-11-26T09:15:00Z', reason: 'wrongAddress' }] }),
      }),
    );
    expect(delivery().getByText('We could not deliver it yet. The shop will send it out again.')).toBeInTheDocument();
    expect(delivery().getByRole('listitem')).toHaveTextContent('Wrong address');
  });

  it('shows nothing before an order paid by wallet goes out', async () => {
    await openOrder(makeOrderDetail({ _id: ORDER_ID, status: 'pending' }));
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
  });

  it('says the cash to pay before it goes out while the server says its payment awaits the rider', async () => {
    await openOrder(
      makeOrderDetail({ _id: ORDER_ID, status: 'pending', paymentMethod: 'cash-on-delivery', paymentStatus: 'pending', paymentAwaits: 'rider', totalAmount: 53 }),
    );
    expect(delivery().getByTestId('cash-due')).toHaveTextContent('Pay $53.00 in cash on delivery');
  });

  it('asks no cash of a canceled cash order (its payment awaits nothing)', async () => {
    await openOrder(
      makeOrderDetail({ _id: ORDER_ID, status: 'canceled', paymentMethod: 'cash-on-delivery', paymentStatus: 'pending', paymentAwaits: null }),
    );
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
  });

  it("offers no call link when the server sends none (a rider without a number)", async () => {
    await openOrder(
      makeOrderDetail({ _id: ORDER_ID, status: 'shipped', delivery: makeOrderDelivery({ riderPhone: '', riderCallUrl: null }) }),
    );
    expect(delivery().getByText('On its way with Abdi')).toBeInTheDocument();
    expect(delivery().queryByRole('link')).not.toBeInTheDocument();
  });
});
