/**
 * A shopper's own order taken by phone, waiting for their payment (`paymentAwaits` 'customer'):
 * its page offers Pay now, which asks the server for a payment link (POST /api/orders/{id}/pay-link)
 * and opens the link's page in the app; a refusal is said in the server's words, with Pay now again.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDetail } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/OrderPage');
});

const TOKEN = 'Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m';
const location = () => screen.getByTestId('location');

/** #1042, taken by phone for the shopper, not paid yet and no method chosen. */
const phoneOrder = (overrides: Partial<OrderDetail> = {}) =>
  makeOrderDetail({
    _id: 'o1',
    number: 1042,
    channel: 'phone',
    paymentStatus: 'pending',
    paymentMethod: null,
    paymentAwaits: 'customer',
    transactionId: null,
    ...overrides,
  });

function serveOrder(order: OrderDetail) {
  server.use(
    http.get('/api/orders/o1', () => HttpResponse.json(order)),
    http.get('/api/orders/o1/returns', () => HttpResponse.json([])),
  );
}

/** Answers POST /api/orders/o1/pay-link with `replies`, one a request; returns how often it was asked. */
function servePayLink(...replies: (() => Response)[]) {
  const asked = { count: 0 };
  server.use(
    http.post('/api/orders/o1/pay-link', () => replies[Math.min(asked.count++, replies.length - 1)]()),
    http.get(`/api/pay/${TOKEN}`, () =>
      HttpResponse.json({
        orderNumber: '#1042',
        products: phoneOrder().products,
        shippingAddress: null,
        subtotal: 48,
        shippingFee: 5,
        discountCode: null,
        discountAmount: 0,
        totalAmount: 53,
        paying: false,
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        paymentMethods: ['evc-plus'],
        paymentPhone: '615551234',
        paymentStatus: 'pending',
      }),
    ),
  );
  return asked;
}

const created = () => HttpResponse.json({ url: `https://shop.example/pay/${TOKEN}`, expiresAt: '2026-12-02T12:30:00Z' }, { status: 201 });

describe('Pay now on a phone order waiting for its shopper', () => {
  it("asks for a payment link and opens its page in the app", async () => {
    serveOrder(phoneOrder());
    const asked = servePayLink(created);
    const { user } = renderApp('/orders/o1', { user: true });
    const payNow = await screen.findByRole('button', { name: 'Pay now' });
    expect(screen.getByTestId('pay-now')).toHaveTextContent('This order is waiting for your payment.');
    expect(await axeViolations()).toEqual([]);
    await user.click(payNow);
    await waitFor(() => expect(location()).toHaveTextContent(`/pay/${TOKEN}`));
    expect(location()).toHaveTextContent(new RegExp(`^/pay/${TOKEN}$`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    expect(asked.count).toBe(1);
  });

  it("says a refusal (409) in the server's words, and Pay now asks again", async () => {
    serveOrder(phoneOrder());
    const underWay = 'A payment of this order is under way. Wait for it, or try again in a minute.';
    const asked = servePayLink(() => HttpResponse.json({ message: underWay }, { status: 409 }), created);
    const { user } = renderApp('/orders/o1', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(underWay);
    expect(location()).toHaveTextContent(/^\/orders\/o1$/);
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(location()).toHaveTextContent(`/pay/${TOKEN}`));
    expect(asked.count).toBe(2);
  });

  it('says a network failure, to try again', async () => {
    serveOrder(phoneOrder());
    servePayLink(() => HttpResponse.error());
    const { user } = renderApp('/orders/o1', { user: true });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it.each([
    ['paid', phoneOrder({ paymentStatus: 'paid', paymentAwaits: null, paymentMethod: 'evc-plus' })],
    ['cash waiting for its rider', phoneOrder({ paymentMethod: 'cash-on-delivery', paymentAwaits: 'rider' })],
    ["a payment the provider has not confirmed", phoneOrder({ paymentMethod: 'evc-plus', paymentAwaits: 'confirmation', awaitingPayment: true })],
  ])('is not offered on an order %s', async (_, order) => {
    serveOrder(order);
    renderApp('/orders/o1', { user: true });
    expect(await screen.findByRole('heading', { level: 1, name: /^Order / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});
