/**
 * /order-success after a card page: the server sends the browser to `?order=<id>` once the card
 * is approved; the page, loaded afresh, fetches that order.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDetail } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor } from '@/testing/test-utils';

const ORDER_ID = '0193a2b4-5c6d-7000-8000-0000cafe0001';

function serveOrder(order: OrderDetail) {
  const asked: string[] = [];
  server.use(
    http.get('/api/orders/:id', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(order);
    }),
    http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
  );
  return asked;
}

const fact = (term: string) => screen.getByText(term).nextElementSibling;

describe('the order success page', () => {
  it('shows the order named by ?order= without any state: its number, total and how it was paid', async () => {
    const asked = serveOrder(makeOrderDetail({ _id: ORDER_ID, number: 1042, paymentMethod: 'card', paymentStatus: 'paid', totalAmount: 45 }));
    renderApp(`/order-success?order=${ORDER_ID}`, { user: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your order has been placed and payment received successfully. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(fact('Order')).toHaveTextContent(/^#1042$/));
    expect(fact('Total paid')).toHaveTextContent('$45.00');
    expect(screen.getByTestId('paid-with')).toHaveTextContent(/^Paid by card$/);
    expect(asked).toEqual([ORDER_ID]);
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(await axeViolations()).toEqual([]);
  });

  it('names the wallet of a wallet order', async () => {
    serveOrder(makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'sahal', paymentStatus: 'paid' }));
    renderApp(`/order-success?order=${ORDER_ID}`, { user: true });
    expect(await screen.findByTestId('paid-with')).toHaveTextContent(/^Paid with SAHAL$/);
  });

  it("sends an order that is not paid to the order's own page, never saying it was paid", async () => {
    serveOrder(makeOrderDetail({ _id: ORDER_ID, number: 1042, paymentMethod: 'card', paymentStatus: 'failed', status: 'canceled' }));
    renderApp(`/order-success?order=${ORDER_ID}`, { user: true });
    expect(await screen.findByText('Loading order...')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/orders/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
  });

  it('shows the page alone for an order that cannot be had', async () => {
    server.use(http.get('/api/orders/:id', () => HttpResponse.json({ message: 'Order not found' }, { status: 404 })));
    renderApp('/order-success?order=nope', { user: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.queryByText('Total paid')).not.toBeInTheDocument();
  });
});
