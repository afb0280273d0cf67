import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminKeys } from '@/lib/query-keys';
import type { Order } from '@/lib/types';
import { makeOrder } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { dateBounds, defaultOrderFilters, filterOrders } from '../orders/filter';
import { recordJson, renderAdmin } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../orders/components/OrdersPage');
});

const now = new Date();
const at = (daysBack: number, hour: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack, hour, 0, 0).toISOString();
const justNow = new Date(now.getTime() - 1000).toISOString();

const today = makeOrder({
  _id: 'aaaa1111-today',
  createdAt: justNow,
  status: 'pending',
  totalAmount: 53,
  userId: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
});
const yesterday = makeOrder({
  _id: 'bbbb2222-yesterday',
  createdAt: at(1, 12),
  status: 'shipped',
  totalAmount: 120.5,
  userId: { _id: 'u2', name: 'Hodan Ali', email: 'hodan@example.com' },
  paymentStatus: 'paid',
});
const lastWeek = makeOrder({
  _id: 'cccc3333-lastweek',
  createdAt: at(5, 9),
  status: 'delivered',
  totalAmount: 10,
  userId: null,
  shippingAddress: null,
});
const lastMonth = makeOrder({
  _id: 'dddd4444-lastmonth',
  createdAt: at(20, 9),
  status: 'canceled',
  totalAmount: 75,
  userId: { _id: 'u3', name: 'Farah Yusuf', email: 'farah@example.com' },
  paymentStatus: 'refunded',
});
const old = makeOrder({
  _id: 'eeee5555-old',
  createdAt: at(60, 9),
  status: 'delivered',
  totalAmount: 5,
  userId: { _id: 'u4', name: 'Old Customer', email: 'old@example.com' },
});
const all = [old, lastMonth, today, lastWeek, yesterday];

function serveOrders(list: Order[] = all) {
  server.use(http.get('/api/orders/all', () => HttpResponse.json(list)));
}

const ids = () => screen.getAllByTestId('order-id').map((cell) => cell.textContent);

describe('admin orders: table', () => {
  it('shows short ids, customers with fallbacks, totals in dollars, status and payment badges', async () => {
    serveOrders();
    renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(5);
    // default sort: date, newest first
    expect(ids()).toEqual(['aaaa1111...', 'bbbb2222...', 'cccc3333...', 'dddd4444...', 'eeee5555...']);
    const second = within(rows[1]);
    expect(second.getByText('Hodan Ali')).toBeInTheDocument();
    expect(second.getByText('hodan@example.com')).toBeInTheDocument();
    expect(second.getByText('$120.50')).toBeInTheDocument();
    expect(second.getByText('Shipped')).toHaveClass('bg-blue-100');
    expect(second.getByText('Payment paid')).toBeInTheDocument();
    const third = within(rows[2]);
    expect(third.getByText('Unknown')).toBeInTheDocument();
    expect(third.getByText('No email')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Pending')).toHaveClass('bg-yellow-100');
    expect(within(rows[3]).getByText('Canceled')).toHaveClass('bg-red-100');
    expect(within(rows[4]).getByText('Delivered')).toHaveClass('bg-green-100');
  });

  it('shows the delivery address on demand', async () => {
    serveOrders([today]);
    const { user } = renderAdmin('/admin/orders');
    const toggle = await screen.findByRole('button', { name: 'Details of order aaaa1111' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Maka Al Mukarama Road 12')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(screen.getByText(/Hodan, Mogadishu/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide details of order aaaa1111' }));
    expect(screen.queryByText(/Maka Al Mukarama Road 12/)).not.toBeInTheDocument();
  });

  it('shows the banner and the toast when the list fails to load', async () => {
    server.use(http.get('/api/orders/all', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderAdmin('/admin/orders');
    await findToast('Failed to load orders. Please try again.');
    const banner = screen.getAllByRole('alert').find((a) => a.closest('main'));
    expect(banner).toHaveTextContent('Failed to load orders. Please try again.');
    expect(within(banner!).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('order-row')).toHaveLength(0);
  });
});

describe('admin orders: filters and sort', () => {
  it('searches by order id, customer name or e-mail', async () => {
    serveOrders();
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    const search = screen.getByLabelText('Search orders');
    await user.type(search, 'DDDD4444');
    expect(ids()).toEqual(['dddd4444...']);
    await user.clear(search);
    await user.type(search, 'hodan');
    expect(ids()).toEqual(['bbbb2222...']);
    await user.clear(search);
    await user.type(search, 'old@example');
    expect(ids()).toEqual(['eeee5555...']);
    await user.type(search, 'zzz');
    expect(screen.getByText('No orders found matching your criteria')).toBeInTheDocument();
  });

  it('filters by status and by date (today, yesterday, last 7 days, last 30 days)', async () => {
    serveOrders();
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    expect(ids()).toEqual(['cccc3333...', 'eeee5555...']);
    await user.selectOptions(screen.getByLabelText('Status'), 'all');

    const date = screen.getByLabelText('Date');
    expect(within(date).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All time',
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
    ]);
    await user.selectOptions(date, 'today');
    expect(ids()).toEqual(['aaaa1111...']);
    await user.selectOptions(date, 'yesterday');
    expect(ids()).toEqual(['bbbb2222...']);
    await user.selectOptions(date, 'week');
    expect(ids()).toEqual(['aaaa1111...', 'bbbb2222...', 'cccc3333...']);
    await user.selectOptions(date, 'month');
    expect(ids()).toEqual(['aaaa1111...', 'bbbb2222...', 'cccc3333...', 'dddd4444...']);
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.selectOptions(date, 'yesterday');
    expect(screen.getByText('No orders found matching your criteria')).toBeInTheDocument();
  });

  it('sorts by date, total amount or status, with a direction toggle', async () => {
    serveOrders();
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    const dir = () => screen.getByRole('button', { name: /Sort (ascending|descending)/ });
    expect(dir()).toHaveTextContent('Descending');
    await user.click(dir());
    expect(ids()).toEqual(['eeee5555...', 'dddd4444...', 'cccc3333...', 'bbbb2222...', 'aaaa1111...']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'total');
    expect(ids()).toEqual(['eeee5555...', 'cccc3333...', 'aaaa1111...', 'dddd4444...', 'bbbb2222...']);
    await user.click(dir());
    expect(ids()).toEqual(['bbbb2222...', 'dddd4444...', 'aaaa1111...', 'cccc3333...', 'eeee5555...']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'status');
    await user.click(dir());
    // ascending by status name: canceled, delivered (older first), pending, shipped
    expect(ids()).toEqual(['dddd4444...', 'eeee5555...', 'cccc3333...', 'aaaa1111...', 'bbbb2222...']);
  });

  it('computes the date ranges from local midnight and one month back', () => {
    const ref = new Date(2026, 10, 21, 15, 30);
    const [todayFrom] = dateBounds('today', ref)!;
    expect(todayFrom).toEqual(new Date(2026, 10, 21));
    expect(dateBounds('yesterday', ref)).toEqual([new Date(2026, 10, 20), new Date(2026, 10, 21)]);
    expect(dateBounds('month', ref)![0]).toEqual(new Date(2026, 9, 21, 15, 30));
    expect(dateBounds('all', ref)).toBeNull();
    const justBeforeMidnight = makeOrder({ createdAt: new Date(2026, 10, 20, 23, 59).toISOString() });
    expect(filterOrders([justBeforeMidnight], { ...defaultOrderFilters, date: 'today' }, ref)).toHaveLength(0);
    expect(filterOrders([justBeforeMidnight], { ...defaultOrderFilters, date: 'yesterday' }, ref)).toHaveLength(1);
  });
});

describe('admin orders: status update', () => {
  it('updates through the modal, toasts and shows the new status', async () => {
    let list = [today];
    server.use(http.get('/api/orders/all', () => HttpResponse.json(list)));
    const puts = recordJson('put', `/api/orders/${today._id}`, () => {
      list = [{ ...today, status: 'shipped' }];
      return HttpResponse.json(list[0]);
    });
    const { user } = renderAdmin('/admin/orders');
    const open = await screen.findByRole('button', { name: 'Update Status of order aaaa1111' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Update Order Status' });
    const select = within(dialog).getByLabelText('Status');
    expect(select).toHaveFocus();
    expect(select).toHaveValue('pending');
    await user.selectOptions(select, 'shipped');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Order status updated successfully');
    expect(puts[0].body).toEqual({ status: 'shipped' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('order-row')).getByText('Shipped')).toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows the server message on failure, else the default; Cancel and Escape close the modal', async () => {
    serveOrders([today]);
    let reply = HttpResponse.json({ message: 'Not enough stock to reopen' }, { status: 409 });
    server.use(http.put(`/api/orders/${today._id}`, () => reply));
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Update Status of order aaaa1111' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Not enough stock to reopen');
    reply = new HttpResponse(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Failed to update order status');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Status of order aaaa1111' }));
    dialog = await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Status of order aaaa1111' })).toHaveFocus();
  });
});

describe('admin orders: payment the provider did not confirm', () => {
  const unconfirmed = makeOrder({
    _id: 'ffff6666-unconfirmed',
    createdAt: justNow,
    status: 'pending',
    paymentStatus: 'pending',
    transactionId: null,
    totalAmount: 53,
    userId: { _id: 'u5', name: 'Ayaan Warsame', email: 'ayaan@example.com' },
  });
  const canceledUnpaid = makeOrder({
    _id: 'gggg7777-canceled',
    createdAt: at(2, 10),
    status: 'canceled',
    paymentStatus: 'pending',
  });

  it('marks awaiting orders with a badge, a notice and a Mark as paid action; canceled or paid ones have neither', async () => {
    serveOrders([unconfirmed, canceledUnpaid, yesterday]);
    const { user } = renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]).getByText(/Payment pending/)).toHaveTextContent('not confirmed by the payment provider');
    expect(within(rows[0]).getByRole('button', { name: 'Mark as paid order ffff6666' })).toBeInTheDocument();
    for (const row of rows.slice(1)) {
      expect(within(row).queryByRole('button', { name: /Mark as paid/ })).not.toBeInTheDocument();
      expect(within(row).queryByText(/not confirmed/)).not.toBeInTheDocument();
    }
    expect(screen.getByText('1 order awaits payment.')).toBeInTheDocument();

    const only = screen.getByRole('button', { name: 'Show only orders awaiting payment' });
    await user.click(only);
    expect(only).toHaveAttribute('aria-pressed', 'true');
    expect(ids()).toEqual(['ffff6666...']);
    await user.click(only);
    expect(screen.getAllByTestId('order-row')).toHaveLength(3);
  });

  it('marks orders whose payment hold expired, says what to check, and lists only them on request', async () => {
    const expired = makeOrder({
      _id: 'hhhh8888-expired',
      createdAt: at(1, 9),
      status: 'canceled',
      paymentStatus: 'failed',
      holdExpiredAt: at(1, 10),
    });
    serveOrders([expired, yesterday]);
    const { user } = renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    const marked = rows.filter((row) => within(row).queryByText(/Hold expired/));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('hhhh8888');
    expect(screen.getByText('1 order was canceled unpaid.')).toBeInTheDocument();
    const only = screen.getByRole('button', { name: 'Show only orders whose hold expired' });
    await user.click(only);
    expect(ids()).toEqual(['hhhh8888...']);
  });

  it('confirms, sends the transaction id, toasts and refreshes the orders and the dashboard figures', async () => {
    let list = [unconfirmed];
    let statsCalls = 0;
    server.use(
      http.get('/api/orders/all', () => HttpResponse.json(list)),
      http.get('/api/admin/stats', () => {
        statsCalls += 1;
        return HttpResponse.json({});
      }),
    );
    const puts = recordJson('put', `/api/orders/${unconfirmed._id}/payment`, () => {
      list = [{ ...unconfirmed, paymentStatus: 'paid', transactionId: 'EVC-778899' }];
      return HttpResponse.json(list[0]);
    });
    const { user, queryClient } = renderAdmin('/admin/orders');
    // the dashboard figures are cached from an earlier visit
    await queryClient.prefetchQuery({ queryKey: adminKeys.stats(), queryFn: () => fetch('/api/admin/stats').then((r) => r.json()) });
    expect(statsCalls).toBe(1);
    const open = await screen.findByRole('button', { name: 'Mark as paid order ffff6666' });
    await user.click(open);
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    expect(dialog).toHaveAccessibleDescription(/did not confirm the payment of order ffff6666\.\.\. for Ayaan Warsame \(\$53\.00\)/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Transaction ID (optional)'), '  EVC-778899 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await findToast('Payment marked as paid');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ paymentStatus: 'paid', transactionId: 'EVC-778899' });
    expect(puts[0].headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const row = screen.getByTestId('order-row');
    expect(within(row).getByText('Payment paid')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Mark as paid/ })).not.toBeInTheDocument();
    expect(queryClient.getQueryState(adminKeys.stats())?.isInvalidated).toBe(true);
    expect(screen.queryByText(/awaits payment/)).not.toBeInTheDocument();
  });

  it('sends no transaction id when none is given', async () => {
    serveOrders([unconfirmed]);
    const puts = recordJson('put', `/api/orders/${unconfirmed._id}/payment`, () =>
      HttpResponse.json({ ...unconfirmed, paymentStatus: 'paid' }),
    );
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Mark as paid order ffff6666' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    await user.type(within(dialog).getByLabelText('Transaction ID (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await findToast('Payment marked as paid');
    expect(puts[0].body).toEqual({ paymentStatus: 'paid' });
  });

  it("shows the server's message when the order no longer awaits payment, else the default; Cancel sends nothing", async () => {
    serveOrders([unconfirmed]);
    let reply = HttpResponse.json({ message: 'This order is not awaiting payment' }, { status: 409 });
    let calls = 0;
    server.use(
      http.put(`/api/orders/${unconfirmed._id}/payment`, () => {
        calls += 1;
        return reply;
      }),
    );
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Mark as paid order ffff6666' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await findToast('This order is not awaiting payment');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    reply = new HttpResponse(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await findToast('Failed to mark the payment as paid');
    expect(calls).toBe(2);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as paid order ffff6666' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
