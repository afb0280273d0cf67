/**
 * The shopper's order page and the payment: the method by name, and the way back from a card
 * page that did not take the payment (`?payment=failed&reason=…`).
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDetail } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/OrderPage');
});

const ORDER_ID = '0193a2b4-5c6d-7000-8000-00000000abcd';

function openOrder(order: OrderDetail, search = '') {
  server.use(
    http.get('/api/orders/:id', () => HttpResponse.json(order)),
    http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
  );
  const utils = renderApp(`/orders/${order._id}${search}`, { user: true });
  return { ...utils, heading: screen.findByRole('heading', { level: 1, name: 'Order 0193a2b4...' }) };
}

const payment = () => within(screen.getByRole('region', { name: 'Payment' }));

describe('the payment on the shopper order page', () => {
  it('names the wallet it was paid with', async () => {
    await openOrder(makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'zaad', paymentPhone: '252634441234' })).heading;
    expect(payment().getByText('Method').nextSibling).toHaveTextContent('ZAAD');
    expect(payment().getByText('Phone').nextSibling).toHaveTextContent('252634441234');
  });

  it("names a card, and its number as the one delivery updates go to", async () => {
    await openOrder(makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'card', paymentPhone: '252615551234' })).heading;
    expect(payment().getByText('Method').nextSibling).toHaveTextContent('Card');
    expect(payment().getByText('Phone for delivery updates').nextSibling).toHaveTextContent('252615551234');
    expect(screen.queryByTestId('payment-failed')).not.toBeInTheDocument();
  });

  it('back from a card page that did not take the payment: the reason, the order canceled, the cart kept, and the way to pay again', async () => {
    const order = makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'card', paymentStatus: 'failed', status: 'canceled' });
    const reason = 'The card was declined: insufficient funds & limit <reached>';
    const { user, heading } = openOrder(order, `?payment=failed&reason=${encodeURIComponent(reason)}`);
    await heading;
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('payment-failed'));
    expect(within(alert).getByText('Your payment did not go through')).toBeInTheDocument();
    // The reason as the server words it, drawn as text.
    expect(within(alert).getByText(reason)).toBeInTheDocument();
    expect(
      within(alert).getByText('This order was canceled. Your cart still holds its items, so you can pay again, by card or another way.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(alert).getByRole('link', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/));
  });

  it('says the payment failed without a reason when the server gave none', async () => {
    await openOrder(makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'card', status: 'canceled' }), '?payment=failed').heading;
    const alert = screen.getByTestId('payment-failed');
    expect(Array.from(alert.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'Your payment did not go through',
      'This order was canceled. Your cart still holds its items, so you can pay again, by card or another way.',
    ]);
  });
});
