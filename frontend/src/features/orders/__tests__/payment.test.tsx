/**
 * The shopper's order page and the payment: the method by name, the way back from a card page
 * that did not take the payment (`?payment=failed&reason=…`), from one the provider has not
 * answered yet (`?payment=pending`), and the way back to the card page of a payment still open.
 */
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { REFETCH_ORDER_EVERY_MS } from '@/lib/api/orders';
import type { OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeCart, makeOrderDetail, makeProduct } from '@/testing/data';
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
  // The page is there once its heading names the order by its number.
  return { ...utils, heading: screen.findByRole('heading', { level: 1, name: `Order #${order.number}` }) };
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
    expect(screen.queryByTestId('payment-open')).not.toBeInTheDocument();
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
    // The order's status says why it was canceled.
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^Payment declined$/);
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

const WAITING = 'We are waiting for the card provider to confirm your payment. This page will show it once it does.';
const CONFIRMED = 'Your card payment was confirmed. Thank you!';

describe('back from a card page the provider has not answered yet (?payment=pending)', () => {
  afterEach(() => vi.useRealTimers());

  /** Serves the order as `answers` say, one a request (the last one again after them), counting the requests. */
  function serveOrder(...answers: OrderDetail[]) {
    const asked = { count: 0 };
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(answers[Math.min(asked.count++, answers.length - 1)])),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
    );
    return asked;
  }

  const pending = makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'card', paymentStatus: 'pending', status: 'pending' });
  // Every answer served here is `pending`'s order, number and all.
  const heading = () => screen.findByRole('heading', { level: 1, name: `Order #${pending.number}` });

  it('says politely that it waits for the provider, asks for the order again every 5 s, and says when the payment is confirmed (the cart then emptied)', async () => {
    const asked = serveOrder(pending, pending, { ...pending, paymentStatus: 'paid', paid: true });
    // The server empties the cart when the card is paid.
    server.use(
      http.get('/api/cart', () => HttpResponse.json(makeCart(asked.count < 3 ? [{ product: makeProduct(), quantity: 1 }] : []))),
    );
    // Only the polling's clock is faked; requests keep real timers. (vi.waitFor polls on real
    // timers; Testing Library's waitFor would poll on the faked setInterval, and a refetch that
    // changes nothing on screen would go unseen.)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp(`/orders/${ORDER_ID}?payment=pending`, { user: true });
    await heading();
    const note = screen.getByTestId('payment-pending');
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent(WAITING);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(payment().getByText('Payment pending')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    expect(asked.count).toBe(1);
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(REFETCH_ORDER_EVERY_MS - 1));
    expect(asked.count).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(asked.count).toBe(2));
    expect(screen.getByTestId('payment-pending')).toHaveTextContent(WAITING);

    act(() => vi.advanceTimersByTime(REFETCH_ORDER_EVERY_MS));
    await vi.waitFor(() => expect(screen.getByTestId('payment-pending')).toHaveTextContent(CONFIRMED));
    expect(asked.count).toBe(3);
    expect(payment().getByText('Payment paid')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument());

    // Paid: no more requests.
    act(() => vi.advanceTimersByTime(REFETCH_ORDER_EVERY_MS * 3));
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.count).toBe(3);
  });

  it('neither waits nor polls for a payment that failed meanwhile', async () => {
    const asked = serveOrder({ ...pending, paymentStatus: 'failed', status: 'canceled' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp(`/orders/${ORDER_ID}?payment=pending`, { user: true });
    await heading();
    expect(screen.queryByTestId('payment-pending')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(REFETCH_ORDER_EVERY_MS * 2));
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.count).toBe(1);
  });

  it('does not poll a pending order opened without the flag', async () => {
    const asked = serveOrder(pending);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderApp(`/orders/${ORDER_ID}`, { user: true });
    await heading();
    expect(screen.queryByTestId('payment-pending')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(REFETCH_ORDER_EVERY_MS * 2));
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.count).toBe(1);
  });

  it('says it in Somali', async () => {
    serveOrder(pending);
    await setLanguage('so');
    renderApp(`/orders/${ORDER_ID}?payment=pending`, { user: true });
    expect(await screen.findByTestId('payment-pending')).toHaveTextContent(
      'Waxaan sugaynaa in shirkadda kaarka ay xaqiijiso lacag bixintaada. Boggani wuu muujin doonaa isla marka ay xaqiijiso.',
    );
  });
});

const OPEN = 'This order is waiting for your card payment.';

describe('an order whose card payment is still open (paymentPageUrl: the card page left without paying)', () => {
  const open = (paymentPageUrl: string) =>
    makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'card', paymentStatus: 'pending', status: 'pending', paymentPageUrl });

  it.each([
    ["the provider's card page", 'https://pay.waafipay.example/hpp/ABC123?lang=en'],
    ["the sandbox's card page", `/sandbox/card?order=${ORDER_ID}`],
  ])('says it waits for the payment, and Pay by card is a plain link to %s', async (_label, url) => {
    await openOrder(open(url)).heading;
    const note = screen.getByTestId('payment-open');
    expect(note).toHaveTextContent(OPEN);
    const pay = within(note).getByRole('link', { name: 'Pay by card' });
    // Not a route of the app: the browser goes there itself.
    expect(pay).toHaveAttribute('href', url);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-pending')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('is not offered beside the failed alert', async () => {
    await openOrder(open('/sandbox/card?order=x'), '?payment=failed&reason=Declined').heading;
    expect(screen.getByTestId('payment-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-open')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('is not offered while the page waits for the provider to say whether the card was paid', async () => {
    await openOrder(open('/sandbox/card?order=x'), '?payment=pending').heading;
    expect(screen.getByTestId('payment-pending')).toHaveTextContent(WAITING);
    expect(screen.queryByTestId('payment-open')).not.toBeInTheDocument();
  });

  it('is not offered for a pending order without a card page (a wallet waiting for its payer)', async () => {
    await openOrder(makeOrderDetail({ _id: ORDER_ID, paymentMethod: 'zaad', paymentStatus: 'pending', status: 'pending' })).heading;
    expect(screen.queryByTestId('payment-open')).not.toBeInTheDocument();
  });

  it('says it in Somali', async () => {
    await setLanguage('so');
    openOrder(open('/sandbox/card?order=x'));
    const note = await screen.findByTestId('payment-open');
    expect(note).toHaveTextContent('Dalabkani wuxuu sugayaa lacag bixintaada kaarka.');
    expect(within(note).getByRole('link', { name: 'Ku bixi kaar' })).toHaveAttribute('href', '/sandbox/card?order=x');
  });
});
