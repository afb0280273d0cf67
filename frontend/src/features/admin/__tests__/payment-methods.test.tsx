/**
 * How the back office shows an order's payment method: the orders list's Payment column and
 * Method filter (the server's `paymentMethod`), the details row, and the provider named where
 * the admin is told to check a merchant account.
 */
import { delay, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetail } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrder, makeOrderDetail, makePaymentMethods, WALLETS } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { currentUrl, paramsOf, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([import('../orders/components/OrdersPage'), import('../orders/components/OrderPage')]);
});

const zaad = makeOrder({ _id: 'aaaa1111-zaad', paymentMethod: 'zaad', paymentPhone: '252634441234', paymentStatus: 'paid' });
const edahab = makeOrder({
  _id: 'bbbb2222-edahab',
  paymentMethod: 'edahab',
  paymentPhone: '252651234567',
  paymentStatus: 'pending',
  paymentAwaits: 'confirmation',
  awaitingPayment: true,
  transactionId: null,
  userId: { _id: 'u5', name: 'Ayaan Warsame', email: 'ayaan@example.com' },
});
/** Like `edahab`, paid with ZAAD: another order, its own number. */
const zaadUnconfirmed = makeOrder({
  _id: 'dddd4444-zaad',
  paymentMethod: 'zaad',
  paymentPhone: '252634441234',
  paymentStatus: 'pending',
  paymentAwaits: 'confirmation',
  awaitingPayment: true,
  transactionId: null,
  userId: { _id: 'u5', name: 'Ayaan Warsame', email: 'ayaan@example.com' },
});
const card = makeOrder({ _id: 'cccc3333-card', paymentMethod: 'card', paymentPhone: '252615551234', paymentStatus: 'paid' });

/** GET /api/orders/all: `rows` for a page, nothing awaiting for the notices' counts; the pages' queries. */
function serveOrders(rows: Order[]) {
  const requests = serveList<Order>('/api/orders/all', (q) => (q.get('limit') === '1' ? { rows: [], total: 0 } : { rows }));
  return () => requests.filter((q) => q.get('limit') !== '1').map(paramsOf);
}

const firstPage = { page: '1', limit: '20', sort: 'date', dir: 'desc' };

describe('admin orders: payment methods', () => {
  it('shows each order\'s method and number in a Payment column, and "Paid with ZAAD: …" in its details', async () => {
    serveOrders([zaad, edahab, card]);
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-payment').map((cell) => cell.textContent)).toEqual([
      'ZAAD+252 63 444 1234',
      'eDahab+252 65 123 4567',
      'Card+252 61 555 1234',
    ]);

    await user.click(screen.getByRole('button', { name: `Details of order #${zaad.number}` }));
    expect(screen.getByText('Paid with ZAAD: +252 63 444 1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Details of order #${edahab.number}` }));
    // Not paid yet: the method alone.
    expect(screen.getByText('eDahab: +252 65 123 4567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Details of order #${card.number}` }));
    expect(screen.getByText('Paid by card; phone +252 61 555 1234')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by method on the server (`paymentMethod`), in the URL and back at page 1', async () => {
    const pages = serveOrders([zaad]);
    const { user } = renderAdmin('/admin/orders?page=2');
    await screen.findAllByTestId('order-row');
    const method = screen.getByLabelText('Method');
    expect(within(method).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'All methods'],
      ['evc-plus', 'EVC Plus'],
      ['zaad', 'ZAAD'],
      ['sahal', 'SAHAL'],
      ['edahab', 'eDahab'],
      ['card', 'Card'],
      ['cash-on-delivery', 'Cash on delivery'],
    ]);
    await user.selectOptions(method, 'zaad');
    await waitFor(() => expect(pages().at(-1)).toEqual({ ...firstPage, paymentMethod: 'zaad' }));
    expect(currentUrl()).toBe('/admin/orders?paymentMethod=zaad');
    await user.selectOptions(method, '');
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'));
    expect(pages().at(-1)).toEqual(firstPage);
  });

  it('reads the method from a shared link, and ignores one it does not know', async () => {
    const pages = serveOrders([zaad]);
    renderAdmin('/admin/orders?paymentMethod=card');
    await screen.findAllByTestId('order-row');
    expect(screen.getByLabelText('Method')).toHaveValue('card');
    expect(pages()).toEqual([{ ...firstPage, paymentMethod: 'card' }]);
  });

  it("names the order's provider in the Mark as paid dialog, and both in the notice of orders awaiting payment", async () => {
    serveList<Order>('/api/orders/all', (q) =>
      q.get('limit') === '1' ? { rows: [], total: q.get('paymentStatus') === 'awaiting' ? 2 : 0 } : { rows: [edahab, zaadUnconfirmed] },
    );
    const { user } = renderAdmin('/admin/orders');
    expect(await screen.findByText(/check your WaafiPay or eDahab merchant account/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: `Mark as paid order #${edahab.number}` }));
    expect(await screen.findByRole('alertdialog', { name: 'Mark as paid' })).toHaveAccessibleDescription(
      /Mark it as paid only after you have found the payment in your eDahab merchant account\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: `Mark as paid order #${zaadUnconfirmed.number}` }));
    expect(await screen.findByRole('alertdialog', { name: 'Mark as paid' })).toHaveAccessibleDescription(
      /found the payment in your WaafiPay merchant account\.$/,
    );
  });

  it("names in the notice the providers of the server's methods, and none until they are known", async () => {
    const awaitingTwo = () =>
      serveList<Order>('/api/orders/all', (q) =>
        q.get('limit') === '1' ? { rows: [], total: q.get('paymentStatus') === 'awaiting' ? 2 : 0 } : { rows: [edahab, zaadUnconfirmed] },
      );
    awaitingTwo();
    server.use(http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods(WALLETS).filter((m) => m.id !== 'edahab'))));
    const first = renderAdmin('/admin/orders');
    expect(await screen.findByText(/check your WaafiPay merchant account \(/)).toBeInTheDocument();
    first.unmount();

    awaitingTwo();
    server.use(http.get('/api/payments/methods', async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }));
    renderAdmin('/admin/orders');
    expect(await screen.findByText(/check your merchant account \(/)).toBeInTheDocument();
  });
});

describe('admin order page: payment method', () => {
  it('names the method, and the provider a refund is being sent to', async () => {
    const order: OrderDetail = makeOrderDetail({
      _id: 'eeee5555-0000-7000-8000-000000000001',
      paymentMethod: 'sahal',
      paymentPhone: '252907654321',
      status: 'canceled',
      refundStatus: 'sending',
      nextStatuses: [],
    });
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
    );
    renderAdmin(`/admin/orders/${order._id}`);
    const payment = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Method').nextSibling).toHaveTextContent('SAHAL');
    expect(payment.getByText('+252 90 765 4321')).toBeInTheDocument();
    expect(payment.getByText('Refund').nextSibling).toHaveTextContent('Being sent to WaafiPay');
  });
});
