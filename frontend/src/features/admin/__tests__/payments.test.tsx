/**
 * Payments (/admin/payments, issue 61): every charge the shop started, newest first, a page at a
 * time; the state ('Needs attention': late money, another amount, a failed refund), method and
 * search sent to the server and kept in the URL; a failed load with Try Again; only for whoever
 * reads money (an order handler does not). An order's page lists its own attempts.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import type { OrderDetail, PaymentAttempt } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDetail, makePaymentAttempt, makePaymentMethods, makeUser, WALLETS } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { ADMIN_PAGE_SIZE } from '../lib/list';
import { currentUrl, paramsOf, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([import('../payments/components/PaymentsPage'), import('../orders/components/OrderPage')]);
});

const ORDER_ID = 'cafe1234-0000-7000-8000-00000000beef';
const orderHandler = () => makeUser({ role: 'orders', name: 'Faisal Orders' });

const refundFailed = makePaymentAttempt({
  _id: 'pa-1',
  orderId: ORDER_ID,
  orderNumber: '#1042',
  method: 'card',
  provider: 'waafipay-card',
  amount: 45,
  payer: '252615551234',
  state: 'refundFailed',
  transactionId: '126895',
  approvedAmount: 45,
  startedAt: '2026-12-02T08:00:00Z',
  answeredAt: '2026-12-02T08:41:12Z',
  refundError: 'Account closed',
});
const mismatched = makePaymentAttempt({
  _id: 'pa-2',
  orderId: 'beef5678-0000-7000-8000-000000000001',
  orderNumber: '#1043',
  method: 'zaad',
  amount: 30,
  payer: '252634441234',
  state: 'mismatched',
  transactionId: 'Z-1',
  approvedAmount: 0.01,
  startedAt: '2026-12-01T10:00:00Z',
  answeredAt: '2026-12-01T10:00:30Z',
});
const awaiting = makePaymentAttempt({
  _id: 'pa-3',
  orderId: 'dddd0000-0000-7000-8000-000000000002',
  orderNumber: '#1044',
  method: 'edahab',
  provider: 'edahab',
  amount: 12.5,
  payer: '252621112222',
  state: 'awaiting',
  transactionId: null,
  approvedAmount: null,
  approvedCurrency: null,
  startedAt: '2026-12-01T09:00:00Z',
  answeredAt: null,
});

const rows = () => screen.getAllByTestId('payment-row');
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const firstPage = { page: '1', limit: String(ADMIN_PAGE_SIZE) };

describe('admin payments', () => {
  it("asks for page 1 and draws the server's rows with their states, beside Reports in the sidebar", async () => {
    const served = serveList<PaymentAttempt>('/api/admin/payments', () => ({ rows: [refundFailed, mismatched, awaiting], total: 3 }));
    renderAdmin('/admin/payments');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(document.title).toContain('Payments');
    expect(served.map(paramsOf)).toEqual([firstPage]);

    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    expect(links.map((l) => l.textContent).slice(-2)).toEqual(['Payments', 'Reports']);
    expect(links.at(-2)).toHaveAttribute('aria-current', 'page');

    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Started',
      'Order',
      'Method',
      'Payer',
      'Amount',
      'State',
      'Transaction',
      'Last answer',
    ]);
    expect(cells(rows()[0])).toEqual([
      formatDateTime(refundFailed.startedAt),
      '#1042',
      'Card',
      '252615551234',
      '$45.00',
      'Refund failed: refund it by handRefund error: Account closed',
      '126895',
      formatDateTime(refundFailed.answeredAt),
    ]);
    expect(within(rows()[0]).getByRole('link', { name: '#1042' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(cells(rows()[1]).slice(2, 6)).toEqual(['ZAAD', '252634441234', '$30.00approved $0.01', 'Another amount: check it']);
    expect(cells(rows()[2]).slice(2, 8)).toEqual(['eDahab', '252621112222', '$12.50', 'Awaiting answer', '—None', '—None']);
    expect(screen.getByRole('navigation', { name: 'Payments pages' })).toHaveTextContent('Showing 1–3 of 3');
    expect(await axeViolations()).toEqual([]);
  });

  it('names every state as the back office words it', async () => {
    const states = ['approved', 'declined', 'failed', 'late', 'refunded'] as const;
    serveList<PaymentAttempt>('/api/admin/payments', () => ({ rows: states.map((state) => makePaymentAttempt({ state })) }));
    renderAdmin('/admin/payments');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getAllByTestId('attempt-state').map((b) => b.textContent)).toEqual([
      'Approved',
      'Declined',
      'Failed',
      'Paid after close: refunding',
      'Paid after the order was closed: refunded',
    ]);
  });

  it("sends 'Needs attention' as state=needsAdmin and goes back to page 1; a method too, both kept in the URL", async () => {
    const served = serveList<PaymentAttempt>('/api/admin/payments', (q) =>
      q.get('state') === 'needsAdmin' ? { rows: [refundFailed, mismatched] } : { rows: [awaiting], total: 41 },
    );
    const { user } = renderAdmin('/admin/payments?page=3');
    await screen.findByText('#1044');
    expect(served.map(paramsOf)).toEqual([{ page: '3', limit: String(ADMIN_PAGE_SIZE) }]);

    const state = screen.getByLabelText('State');
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All payments',
      'Needs attention',
      'Awaiting answer',
      'Approved',
      'Declined',
      'Failed',
      'Paid after close: refunding',
      'Another amount: check it',
      'Paid after the order was closed: refunded',
      'Refund failed: refund it by hand',
    ]);
    await user.selectOptions(state, 'needsAdmin');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(currentUrl()).toBe('/admin/payments?state=needsAdmin');
    expect(served.map(paramsOf).at(-1)).toEqual({ ...firstPage, state: 'needsAdmin' });

    const method = screen.getByLabelText('Method');
    await waitFor(() =>
      expect(within(method).getAllByRole('option').map((o) => o.textContent)).toEqual(['All methods', 'EVC Plus', 'ZAAD', 'SAHAL', 'eDahab', 'Card']),
    );
    await user.selectOptions(method, 'card');
    await waitFor(() => expect(served.map(paramsOf).at(-1)).toEqual({ ...firstPage, state: 'needsAdmin', method: 'card' }));
    expect(currentUrl()).toBe('/admin/payments?state=needsAdmin&method=card');
  });

  it("offers the methods a provider holds the money of, as the server lists them, and reads a method of the API's from the URL", async () => {
    // Cash on delivery has no provider, so no attempt: it is not offered (nor SAHAL, were the server to say it has none).
    const methods = makePaymentMethods(WALLETS).map((m) => (m.id === 'sahal' ? { ...m, provider: null } : m));
    server.use(http.get('/api/payments/methods', () => HttpResponse.json(methods)));
    const served = serveList<PaymentAttempt>('/api/admin/payments', () => ({ rows: [awaiting] }));
    const first = renderAdmin('/admin/payments?method=edahab');
    await screen.findByText('#1044');
    const method = screen.getByLabelText('Method');
    await waitFor(() => expect(within(method).getAllByRole('option').map((o) => o.textContent)).toEqual(['All methods', 'EVC Plus', 'ZAAD', 'eDahab', 'Card']));
    expect(method).toHaveValue('edahab');
    expect(served.map(paramsOf)).toEqual([{ ...firstPage, method: 'edahab' }]);
    first.unmount();

    // A name the API does not know is no filter.
    renderAdmin('/admin/payments?method=mpesa');
    await screen.findByText('#1044');
    expect(served.map(paramsOf).at(-1)).toEqual(firstPage);
  });

  it('sends the search as q, trimmed, from page 1', async () => {
    const served = serveList<PaymentAttempt>('/api/admin/payments', (q) => (q.get('q') === '126895' ? { rows: [refundFailed] } : { rows: [awaiting, mismatched], total: 30 }));
    const { user } = renderAdmin('/admin/payments?page=2');
    await screen.findByText('#1044');
    const search = screen.getByLabelText('Search payments');
    expect(search).toHaveAttribute('placeholder', "Order ID, payer's number or transaction");
    await user.type(search, ' 126895 ');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(served.map(paramsOf).at(-1)).toEqual({ ...firstPage, q: '126895' });
    expect(currentUrl()).toBe('/admin/payments?q=126895');
  });

  it('says when no payment matches', async () => {
    serveList<PaymentAttempt>('/api/admin/payments', () => ({ rows: [] }));
    renderAdmin('/admin/payments?state=refundFailed');
    expect(await screen.findByRole('heading', { name: 'No payments found' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a failed load as an alert, and Try Again asks again', async () => {
    let fail = true;
    let asked = 0;
    server.use(
      http.get('/api/admin/payments', () => {
        asked += 1;
        return fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json([awaiting], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const { user } = renderAdmin('/admin/payments');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load payments. Please try again.');
    const before = asked;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(asked).toBe(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is the access-denied page for an order handler, with no link in the sidebar, and asks nothing', async () => {
    let asked = 0;
    server.use(
      http.get('/api/admin/payments', () => {
        asked += 1;
        return HttpResponse.json([]);
      }),
    );
    renderAdmin('/admin/payments', orderHandler());
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});

describe("an order's payments on its admin page", () => {
  const order: OrderDetail = makeOrderDetail({ _id: ORDER_ID, number: 1042, paymentMethod: 'card', paymentStatus: 'failed', status: 'canceled' });
  const declined = makePaymentAttempt({
    _id: 'pa-0',
    orderId: ORDER_ID,
    orderNumber: '#1042',
    method: 'evc-plus',
    amount: 45,
    payer: '252617770000',
    state: 'declined',
    transactionId: null,
    approvedAmount: null,
    approvedCurrency: null,
    startedAt: '2026-12-02T07:50:00Z',
    answeredAt: '2026-12-02T07:51:00Z',
  });

  function serveOrder() {
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
    );
  }
  const payments = () => within(screen.getByRole('region', { name: 'Payments' }));

  it("lists the order's attempts for an admin: state, method and payer, amount (and another approved), when", async () => {
    serveOrder();
    const served = serveList<PaymentAttempt>('/api/admin/payments', () => ({ rows: [{ ...refundFailed, approvedAmount: 40 }, declined] }));
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    const attempts = await screen.findAllByTestId('order-payment-attempt');
    expect(served.map(paramsOf)).toEqual([{ orderId: ORDER_ID, limit: '100' }]);
    expect(attempts).toHaveLength(2);
    const first = within(attempts[0]);
    expect(first.getByTestId('attempt-state')).toHaveTextContent('Refund failed: refund it by hand');
    expect(first.getByText('$45.00')).toBeInTheDocument();
    expect(first.getByTestId('attempt-approved')).toHaveTextContent('approved $40.00');
    expect(attempts[0]).toHaveTextContent('Card: 252615551234');
    expect(attempts[0]).toHaveTextContent(`Started ${formatDateTime(refundFailed.startedAt)}, last answer ${formatDateTime(refundFailed.answeredAt)}`);
    expect(attempts[0]).toHaveTextContent('Transaction 126895');
    expect(first.getByTestId('attempt-refund-error')).toHaveTextContent('Refund error: Account closed');
    const second = within(attempts[1]);
    expect(second.getByTestId('attempt-state')).toHaveTextContent('Declined');
    expect(attempts[1]).toHaveTextContent('EVC Plus: 252617770000');
    expect(second.queryByTestId('attempt-approved')).not.toBeInTheDocument();
    expect(payments().getByRole('list', { name: 'Payments of this order' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when its payments failed to load, and Try Again asks again', async () => {
    serveOrder();
    let fail = true;
    server.use(
      http.get('/api/admin/payments', () =>
        fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json([declined], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { user } = renderAdmin(`/admin/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    const alert = await within(await screen.findByRole('region', { name: 'Payments' })).findByRole('alert');
    expect(alert).toHaveTextContent('Server error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('order-payment-attempt')).toHaveTextContent('EVC Plus: 252617770000');
  });

  it('is not there for an order handler, and nothing is asked', async () => {
    serveOrder();
    let asked = 0;
    server.use(
      http.get('/api/admin/payments', () => {
        asked += 1;
        return HttpResponse.json([]);
      }),
    );
    renderAdmin(`/admin/orders/${ORDER_ID}`, orderHandler());
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    await screen.findByRole('region', { name: 'Status history' });
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-payment-attempt')).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
