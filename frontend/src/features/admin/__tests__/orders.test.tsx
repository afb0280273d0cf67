import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminKeys } from '@/lib/query-keys';
import type { Order, OrderStatus } from '@/lib/types';
import { makeOrder, makeOrderDetail, makeOrderLine, makeProduct, makeSizedProduct, makeUser, makeVariant } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { dateBounds, dateParams } from '../lib/api/order-list';
import { currentUrl, deferred, paramsOf, recordJson, renderAdmin, serveList, type ListReply } from './helpers';

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
  userId: { _id: 'u-gone', name: '', email: '' },
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
const all = [today, yesterday, lastWeek, lastMonth, old];

interface Served {
  /** The rows of a page, by request. */
  page?: (query: URLSearchParams) => ListReply<Order>;
  /** The counts the notices ask for (`paymentStatus=…&page=1&limit=1`). */
  awaiting?: () => number;
  holdExpired?: () => number;
}

/** GET /api/orders/all: pages of the list, and the one-row requests of the notices' counts. */
function serveOrders({ page = () => ({ rows: all }), awaiting = () => 0, holdExpired = () => 0 }: Served = {}) {
  const requests = serveList<Order>('/api/orders/all', (q) => {
    if (q.get('limit') !== '1') return page(q);
    const total = q.get('paymentStatus') === 'awaiting' ? awaiting() : holdExpired();
    return { rows: [], total };
  });
  return {
    /** The list's page requests (the counts left out). */
    pages: () => requests.filter((q) => q.get('limit') !== '1').map(paramsOf),
    counts: () => requests.filter((q) => q.get('limit') === '1').map(paramsOf),
  };
}

const ids = () => screen.getAllByTestId('order-id').map((cell) => cell.textContent);
/** An order as the list shows it: its number, e.g. `#1042`. */
const no = (o: Order) => `#${o.number}`;
const firstPage = { page: '1', limit: '20', sort: 'date', dir: 'desc' };

describe('admin orders: table', () => {
  it('asks the server for the first page, newest first, and shows its rows in its order with fallbacks and badges', async () => {
    // Not in date order: the server's order is shown as it is, never re-sorted in the browser.
    const served = serveOrders({ page: () => ({ rows: [yesterday, old, lastWeek, today, lastMonth] }) });
    renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(served.pages()).toEqual([firstPage]);
    // Each order by its number (its id stays in the link), never by the id's first characters.
    expect(ids()).toEqual(['#1002', '#1005', '#1003', '#1001', '#1004']);
    expect(ids()).toEqual([yesterday, old, lastWeek, today, lastMonth].map(no));
    const first = within(rows[0]);
    expect(first.getByText('Hodan Ali')).toBeInTheDocument();
    expect(first.getByText('hodan@example.com')).toBeInTheDocument();
    expect(first.getByText('$120.50')).toBeInTheDocument();
    expect(first.getByText('Shipped')).toHaveClass('bg-blue-100');
    expect(first.getByText('Payment paid')).toBeInTheDocument();
    const third = within(rows[2]);
    expect(third.getByText('Unknown')).toBeInTheDocument();
    expect(third.getByText('No email')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Pending')).toHaveClass('bg-yellow-100');
    expect(within(rows[4]).getByText('Canceled')).toHaveClass('bg-red-100');
    expect(within(rows[1]).getByText('Delivered')).toHaveClass('bg-green-100');
    expect(screen.getByText('Showing 1–5 of 5')).toBeInTheDocument();
  });

  it('shows the delivery address on demand', async () => {
    serveOrders({ page: () => ({ rows: [today] }) });
    const { user } = renderAdmin('/admin/orders');
    const toggle = await screen.findByRole('button', { name: `Details of order ${no(today)}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Maka Al Mukarama Road 12')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Maka Al Mukarama Road 12/)).toBeInTheDocument();
    expect(screen.getByText(/Hodan, Mogadishu/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Hide details of order ${no(today)}` }));
    expect(screen.queryByText(/Maka Al Mukarama Road 12/)).not.toBeInTheDocument();
  });

  it('shows the discount code an order used and what it took off, or a dash', async () => {
    const discounted = makeOrder({ _id: 'ffff6666-discounted', discountCode: 'EID-2026', discountAmount: 6, totalAmount: 47 });
    const freeShipping = makeOrder({ _id: 'abcd7777-freeship', discountCode: 'FREESHIP', discountAmount: 0, shippingFee: 0, totalAmount: 48 });
    serveOrders({ page: () => ({ rows: [discounted, freeShipping, today] }) });
    renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    expect(screen.getByRole('columnheader', { name: 'Discount' })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-discount').map((cell) => cell.textContent)).toEqual(['EID-2026-$6.00', 'FREESHIP', '—None']);
  });

  it("names each line's size and colour in the details", async () => {
    const m = makeVariant('M', 4, { colour: 'Black' });
    const s = makeVariant('S', 4);
    const dress = makeSizedProduct([m], { name: 'Linen Wrap Dress', price: 30 });
    const tee = makeSizedProduct([s], { name: 'Kids Tee', price: 8 });
    const sized = makeOrder({
      _id: 'abab1212-sized',
      products: [makeOrderLine(dress, 1, m), makeOrderLine(tee, 3, s), makeOrderLine(makeProduct({ name: 'Silk Scarf' }), 1)],
    });
    serveOrders({ page: () => ({ rows: [sized] }) });
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: `Details of order ${no(sized)}` }));
    const lines = screen.getAllByTestId('order-line');
    expect(lines.map((li) => within(li).queryByTestId('line-variant')?.textContent ?? null)).toEqual(['Size M · Black', 'Size S', null]);
    expect(within(lines[1]).getByText('Kids Tee × 3')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    serveOrders({ page: () => ({ rows: [] }) });
    renderAdmin('/admin/orders?q=nobody');
    expect(await screen.findByText('No orders found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).not.toBeInTheDocument();
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

describe('admin orders: search, filters and sort by the server, kept in the URL', () => {
  it('sends the search once typing pauses (order number, name, e-mail or phone) and goes back to page 1', async () => {
    const served = serveOrders();
    const { user } = renderAdmin('/admin/orders?page=2');
    await screen.findAllByTestId('order-row');
    expect(served.pages()).toEqual([{ ...firstPage, page: '2' }]);
    await user.type(screen.getByLabelText('Search orders'), '  Hodan ');
    await waitFor(() => expect(served.pages()).toHaveLength(2));
    // One request for the whole word, not one per key; trimmed, at page 1.
    expect(served.pages()[1]).toEqual({ ...firstPage, q: 'Hodan' });
    expect(currentUrl()).toBe('/admin/orders?q=Hodan');
    await user.clear(screen.getByLabelText('Search orders'));
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'));
    // The request follows the address: wait for it rather than race it.
    await waitFor(() => expect(served.pages().at(-1)).toEqual(firstPage));
  });

  it('filters by status, payment and date range, each in the URL and back at page 1', async () => {
    const served = serveOrders();
    const { user } = renderAdmin('/admin/orders?page=3');
    await screen.findAllByTestId('order-row');
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All statuses',
      'Pending',
      'Shipped',
      'Delivered',
      'Canceled',
    ]);
    await user.selectOptions(status, 'delivered');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, status: 'delivered' }));
    expect(currentUrl()).toBe('/admin/orders?status=delivered');

    await user.selectOptions(screen.getByLabelText('Payment'), 'refunded');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, status: 'delivered', paymentStatus: 'refunded' }));
    expect(currentUrl()).toBe('/admin/orders?status=delivered&paymentStatus=refunded');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.selectOptions(screen.getByLabelText('Payment'), '');

    const date = screen.getByLabelText('Date');
    expect(within(date).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All time',
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
    ]);
    await user.selectOptions(date, 'yesterday');
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?date=yesterday'));
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const dayBefore = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    await waitFor(() =>
      expect(served.pages().at(-1)).toEqual({ ...firstPage, from: dayBefore.toISOString(), to: midnight.toISOString() }),
    );
    await user.selectOptions(date, 'today');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, from: midnight.toISOString() }));
    await user.selectOptions(date, 'last7days');
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?date=last7days'));
    await waitFor(() => {
      const from = new Date(served.pages().at(-1)!.from).getTime();
      expect(Math.abs(from - (Date.now() - 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    });
    expect(served.pages().at(-1)).not.toHaveProperty('to');
  });

  it('sorts by date, total amount or status, with a direction toggle', async () => {
    const served = serveOrders();
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    const dir = () => screen.getByRole('button', { name: /Sort (ascending|descending)/ });
    expect(dir()).toHaveTextContent('Descending');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'total');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, sort: 'total' }));
    await user.click(dir());
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, sort: 'total', dir: 'asc' }));
    expect(currentUrl()).toBe('/admin/orders?sort=total&dir=asc');
    expect(dir()).toHaveTextContent('Ascending');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'status');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, sort: 'status', dir: 'asc' }));
    // Back to the default sort: it leaves the URL.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'date');
    await user.click(dir());
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'));
  });

  it('offers an order handler, who sees no amounts, no sort by total (the server refuses it)', async () => {
    serveOrders();
    renderAdmin('/admin/orders', makeUser({ role: 'orders', name: 'Hodan Orders' }));
    await screen.findAllByTestId('order-row');
    const sorts = within(screen.getByLabelText('Sort by')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(sorts).toEqual(['date', 'status']);
  });

  it('asks for the list a shared link names and shows its filters', async () => {
    const served = serveOrders({ page: () => ({ rows: [yesterday], total: 21 }) });
    renderAdmin('/admin/orders?status=shipped&q=amina&page=2&date=last30days&sort=total&dir=asc');
    await screen.findAllByTestId('order-row');
    const { from, ...rest } = served.pages()[0];
    expect(rest).toEqual({ page: '2', limit: '20', q: 'amina', status: 'shipped', sort: 'total', dir: 'asc' });
    const monthBack = new Date(now);
    monthBack.setMonth(monthBack.getMonth() - 1);
    expect(Math.abs(new Date(from).getTime() - monthBack.getTime())).toBeLessThan(60_000);
    expect(screen.getByLabelText('Search orders')).toHaveValue('amina');
    expect(screen.getByLabelText('Status')).toHaveValue('shipped');
    expect(screen.getByLabelText('Date')).toHaveValue('last30days');
    expect(screen.getByLabelText('Sort by')).toHaveValue('total');
    expect(screen.getByText('Showing 21–21 of 21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores values it does not know in the URL', async () => {
    const served = serveOrders();
    renderAdmin('/admin/orders?status=lost&sort=colour&page=-4');
    await screen.findAllByTestId('order-row');
    expect(served.pages()).toEqual([firstPage]);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});

describe('admin orders: pages', () => {
  const page2 = [makeOrder({ _id: 'ffff0021-second-page' })];

  it('shows the total, moves pages, and keeps the rows on screen while the next page loads', async () => {
    const hold = deferred();
    const served = serveOrders({
      page: (q) => (q.get('page') === '2' ? { rows: page2, total: 45, delay: hold.promise } : { rows: all, total: 45 }),
    });
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pager).getByText('Showing 1–5 of 45')).toBeInTheDocument();
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, page: '2' }));
    expect(currentUrl()).toBe('/admin/orders?page=2');
    // Page 2 has not answered yet: page 1 stays, marked busy.
    expect(ids()).toEqual(all.map(no));
    expect(screen.getAllByTestId('order-row')[0].closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    hold.resolve();
    await waitFor(() => expect(ids()).toEqual(page2.map(no)));
    expect(screen.getByTestId('order-row').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(within(pager).getByText('Showing 21–21 of 45')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, page: '3' }));
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?page=2'));
  });

  it('writes large totals with separators and offers the first, nearby and last pages', async () => {
    serveOrders({ page: () => ({ rows: all, total: 100_000 }) });
    renderAdmin('/admin/orders?page=2500');
    await screen.findAllByTestId('order-row');
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(pager).getByText('Showing 49,981–49,985 of 100,000')).toBeInTheDocument();
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Previous',
      '1',
      '2,499',
      '2,500',
      '2,501',
      '5,000',
      'Next',
    ]);
  });

  it('goes to the last page when the one asked for is past the end', async () => {
    const served = serveOrders({ page: (q) => (q.get('page') === '2' ? { rows: all, total: 25 } : { rows: [], total: 25 }) });
    renderAdmin('/admin/orders?page=9');
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders?page=2'));
    await screen.findAllByTestId('order-row');
    expect(served.pages().map((q) => q.page)).toEqual(['9', '2']);
  });
});

describe('admin orders: status update', () => {
  /** GET /api/orders/{id}: `order`'s detail, moving to `next`; counts the fetches. */
  function serveDetail(order: Order, next: OrderStatus[]) {
    let fetched = 0;
    server.use(
      http.get(`/api/orders/${order._id}`, () => {
        fetched += 1;
        return HttpResponse.json(makeOrderDetail({ ...order, nextStatuses: next }));
      }),
    );
    return { fetched: () => fetched };
  }

  it('offers the statuses the server allows, updates through the modal and puts the reply into the row, refreshing the counts and figures but not the list', async () => {
    let awaiting = 3;
    const served = serveOrders({ awaiting: () => awaiting });
    const detail = serveDetail(today, ['shipped', 'delivered']);
    const puts = recordJson('put', `/api/orders/${today._id}`, () => {
      awaiting = 2;
      return HttpResponse.json(makeOrderDetail({ ...today, status: 'shipped', nextStatuses: ['pending', 'delivered', 'canceled'] }));
    });
    const { user, queryClient } = renderAdmin('/admin/orders');
    const open = await screen.findByRole('button', { name: `Update Status of order ${no(today)}` });
    await screen.findByText('3 orders await payment.');
    await queryClient.prefetchQuery({ queryKey: adminKeys.stats(), queryFn: () => ({}) });
    const pagesBefore = served.pages().length;
    const countsBefore = served.counts().length;

    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Update Order Status' });
    expect(within(dialog).getByText(/for Amina Hassan, now Pending/)).toBeInTheDocument();
    const select = await within(dialog).findByLabelText('Status');
    expect(detail.fetched()).toBe(1);
    expect(select).toHaveFocus();
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a status', 'Shipped', 'Delivered']);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByText('Please choose a status')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.selectOptions(select, 'shipped');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Order status updated successfully');
    expect(puts[0].body).toEqual({ status: 'shipped' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getAllByTestId('order-row')[0];
    expect(within(row).getByText('Shipped')).toBeInTheDocument();
    expect(ids()).toEqual(all.map(no));
    expect(open).toHaveFocus();
    await screen.findByText('2 orders await payment.');
    expect(served.counts().length).toBe(countsBefore + 2);
    expect(queryClient.getQueryState(adminKeys.stats())?.isInvalidated).toBe(true);
    expect(served.pages()).toHaveLength(pagesBefore);
  });

  it('shows the server message on failure, else the default; Cancel and Escape close the modal', async () => {
    serveOrders({ page: () => ({ rows: [today] }) });
    serveDetail(today, ['shipped', 'delivered', 'canceled']);
    let reply = HttpResponse.json({ message: 'Not enough stock to reopen' }, { status: 409 });
    server.use(http.put(`/api/orders/${today._id}`, () => reply));
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: `Update Status of order ${no(today)}` }));
    let dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'canceled');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Not enough stock to reopen');
    reply = new HttpResponse(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await findToast('Failed to update order status');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Update Status of order ${no(today)}` }));
    dialog = await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Update Status of order ${no(today)}` })).toHaveFocus();
  });
});

describe('admin orders: an order that may not move now', () => {
  it('says so, with nothing to send', async () => {
    serveOrders({ page: () => ({ rows: [lastMonth] }) });
    server.use(http.get(`/api/orders/${lastMonth._id}`, () => HttpResponse.json(makeOrderDetail({ ...lastMonth, nextStatuses: [] }))));
    let puts = 0;
    server.use(
      http.put(`/api/orders/${lastMonth._id}`, () => {
        puts += 1;
        return HttpResponse.json(lastMonth);
      }),
    );
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: `Update Status of order ${no(lastMonth)}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    expect(await dialog.findByText('This order cannot be moved to another status now.')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts).toBe(0);
  });
});

describe('admin orders: payment the provider did not confirm', () => {
  const unconfirmed = makeOrder({
    _id: 'ffff6666-unconfirmed',
    createdAt: justNow,
    status: 'pending',
    paymentStatus: 'pending',
    paymentAwaits: 'confirmation',
    awaitingPayment: true,
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

  it('counts awaiting orders on the server, marks them with a badge and a Mark as paid action, and lists only them on request', async () => {
    const served = serveOrders({ page: () => ({ rows: [unconfirmed, canceledUnpaid, yesterday] }), awaiting: () => 7 });
    const { user } = renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]).getByText(/Payment pending/)).toHaveTextContent('not confirmed by the payment provider');
    expect(within(rows[0]).getByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` })).toBeInTheDocument();
    for (const row of rows.slice(1)) {
      expect(within(row).queryByRole('button', { name: /Mark as paid/ })).not.toBeInTheDocument();
      expect(within(row).queryByText(/not confirmed/)).not.toBeInTheDocument();
    }
    // The count is the server's total, not the one awaiting order on this page.
    expect(await screen.findByText('7 orders await payment.')).toBeInTheDocument();
    expect(served.counts()).toContainEqual({ paymentStatus: 'awaiting', page: '1', limit: '1' });
    expect(screen.queryByText(/canceled unpaid/)).not.toBeInTheDocument();

    const only = screen.getByRole('button', { name: 'Show only orders awaiting payment' });
    expect(only).toHaveAttribute('aria-pressed', 'false');
    await user.click(only);
    expect(only).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, paymentStatus: 'awaiting' }));
    expect(currentUrl()).toBe('/admin/orders?paymentStatus=awaiting');
    expect(screen.getByLabelText('Payment')).toHaveValue('awaiting');
    await user.click(only);
    await waitFor(() => expect(currentUrl()).toBe('/admin/orders'));
  });

  it("shows a cash order waiting for its rider, and a phone order for its customer, as no warning and with no Mark as paid; the notice counts the server's awaiting orders alone", async () => {
    const cash = makeOrder({
      _id: 'cash0001-rider',
      createdAt: justNow,
      status: 'shipped',
      paymentMethod: 'cash-on-delivery',
      paymentPhone: '',
      paymentStatus: 'pending',
      paymentAwaits: 'rider',
      awaitingPayment: false,
      transactionId: null,
      userId: { _id: 'u6', name: 'Nimco Cali', email: 'nimco@example.com' },
    });
    const phone = makeOrder({
      _id: 'call0001-customer',
      createdAt: justNow,
      status: 'pending',
      paymentStatus: 'pending',
      paymentAwaits: 'customer',
      awaitingPayment: false,
      transactionId: null,
    });
    // Neither is among the server's awaiting orders: it counts the two unconfirmed charges elsewhere.
    const served = serveOrders({ page: () => ({ rows: [cash, phone, unconfirmed] }), awaiting: () => 2 });
    renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    const [cashRow, phoneRow, unconfirmedRow] = rows.map((row) => within(row));

    expect(cashRow.getByText('Cash to the rider')).toBeInTheDocument();
    expect(phoneRow.getByText('Waiting for the customer')).toBeInTheDocument();
    for (const row of [cashRow, phoneRow]) {
      expect(row.queryByText(/Payment pending/)).not.toBeInTheDocument();
      expect(row.queryByText(/not confirmed/)).not.toBeInTheDocument();
      expect(row.queryByRole('button', { name: /Mark as paid/ })).not.toBeInTheDocument();
      expect(row.getByRole('button', { name: /^Update Status/ })).toBeInTheDocument();
    }
    expect(rows[0]).not.toHaveClass('bg-amber-50/60');
    expect(cashRow.getByRole('button', { name: `Update Status of order ${no(cash)}` })).toBeInTheDocument();
    expect(unconfirmedRow.getByText(/Payment pending/)).toHaveTextContent('not confirmed by the payment provider');
    expect(unconfirmedRow.queryByText('Cash to the rider')).not.toBeInTheDocument();
    expect(unconfirmedRow.getByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` })).toBeInTheDocument();
    expect(rows[2]).toHaveClass('bg-amber-50/60');

    // The server's count of `paymentStatus=awaiting`, not this page's rows: one awaits confirmation, three wait for a payment.
    expect(await screen.findByText('2 orders await payment.')).toBeInTheDocument();
    expect(served.counts()).toContainEqual({ paymentStatus: 'awaiting', page: '1', limit: '1' });
  });

  it('marks orders whose payment hold expired, says what to check, and lists only them on request', async () => {
    const expired = makeOrder({
      _id: 'hhhh8888-expired',
      createdAt: at(1, 9),
      status: 'canceled',
      paymentStatus: 'failed',
      holdExpiredAt: at(1, 10),
    });
    const served = serveOrders({ page: () => ({ rows: [expired, yesterday] }), holdExpired: () => 1 });
    const { user } = renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    const marked = rows.filter((row) => within(row).queryByText(/Hold expired/));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent(no(expired));
    expect(await screen.findByText('1 order was canceled unpaid.')).toBeInTheDocument();
    expect(served.counts()).toContainEqual({ paymentStatus: 'holdExpired', page: '1', limit: '1' });
    await user.click(screen.getByRole('button', { name: 'Show only orders whose hold expired' }));
    await waitFor(() => expect(served.pages().at(-1)).toEqual({ ...firstPage, paymentStatus: 'holdExpired' }));
    expect(currentUrl()).toBe('/admin/orders?paymentStatus=holdExpired');
  });

  it('confirms, sends the transaction id, toasts, and updates the row, the count and the dashboard figures without reloading the list', async () => {
    let awaiting = 1;
    let statsCalls = 0;
    const served = serveOrders({ page: () => ({ rows: [unconfirmed] }), awaiting: () => awaiting });
    server.use(
      http.get('/api/admin/stats', () => {
        statsCalls += 1;
        return HttpResponse.json({});
      }),
    );
    const puts = recordJson('put', `/api/orders/${unconfirmed._id}/payment`, () => {
      awaiting = 0;
      return HttpResponse.json({ ...unconfirmed, paymentStatus: 'paid', paid: true, paymentAwaits: null, awaitingPayment: false, transactionId: 'EVC-778899' });
    });
    const { user, queryClient } = renderAdmin('/admin/orders');
    // the dashboard figures are cached from an earlier visit
    await queryClient.prefetchQuery({ queryKey: adminKeys.stats(), queryFn: () => fetch('/api/admin/stats').then((r) => r.json()) });
    expect(statsCalls).toBe(1);
    const open = await screen.findByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` });
    expect(await screen.findByText('1 order awaits payment.')).toBeInTheDocument();
    const pagesBefore = served.pages().length;
    await user.click(open);
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining(`did not confirm the payment of order ${no(unconfirmed)} for Ayaan Warsame ($53.00).`),
    );
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
    await waitFor(() => expect(screen.queryByText(/awaits payment/)).not.toBeInTheDocument());
    expect(served.pages()).toHaveLength(pagesBefore);
  });

  it('sends no transaction id when none is given', async () => {
    serveOrders({ page: () => ({ rows: [unconfirmed] }) });
    const puts = recordJson('put', `/api/orders/${unconfirmed._id}/payment`, () =>
      HttpResponse.json({ ...unconfirmed, paymentStatus: 'paid', paid: true, paymentAwaits: null, awaitingPayment: false }),
    );
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    await user.type(within(dialog).getByLabelText('Transaction ID (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await findToast('Payment marked as paid');
    expect(puts[0].body).toEqual({ paymentStatus: 'paid' });
  });

  it("shows the server's message when the order no longer awaits payment, else the default; Cancel sends nothing", async () => {
    serveOrders({ page: () => ({ rows: [unconfirmed] }) });
    let reply = HttpResponse.json({ message: 'This order is not awaiting payment' }, { status: 409 });
    let calls = 0;
    server.use(
      http.put(`/api/orders/${unconfirmed._id}/payment`, () => {
        calls += 1;
        return reply;
      }),
    );
    const { user } = renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` }));
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
    await user.click(screen.getByRole('button', { name: `Mark as paid order ${no(unconfirmed)}` }));
    dialog = await screen.findByRole('alertdialog', { name: 'Mark as paid' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('admin orders: date ranges', () => {
  it('computes the ranges from local midnight and one month back, as from (inclusive) and to (exclusive)', () => {
    const ref = new Date(2026, 10, 21, 15, 30);
    expect(dateBounds('today', ref)).toEqual([new Date(2026, 10, 21), null]);
    expect(dateBounds('yesterday', ref)).toEqual([new Date(2026, 10, 20), new Date(2026, 10, 21)]);
    expect(dateBounds('last7days', ref)).toEqual([new Date(2026, 10, 14, 15, 30), null]);
    expect(dateBounds('last30days', ref)).toEqual([new Date(2026, 9, 21, 15, 30), null]);
    expect(dateParams('yesterday', ref)).toEqual({
      from: new Date(2026, 10, 20).toISOString(),
      to: new Date(2026, 10, 21).toISOString(),
    });
    expect(dateParams('today', ref)).toEqual({ from: new Date(2026, 10, 21).toISOString() });
    expect(dateParams('', ref)).toEqual({});
  });
});

describe('admin orders: amounts for whoever took the order', () => {
  const handler = () => makeUser({ role: 'orders', name: 'Faisal Orders' });
  const noAmounts = (o: Order): Order => {
    const { subtotal: _s, shippingFee: _f, discountAmount: _d, totalAmount: _t, refundedAmount: _r, ...rest } = o;
    return { ...rest, products: o.products.map(({ price: _p, lineTotal: _l, ...line }) => line) } as Order;
  };

  it('shows the Total column to an order handler when an order of the page carries its amounts (one they took), a dash for the others', async () => {
    const theirs = makeOrder({ _id: 'ffff0001-theirs', channel: 'phone', createdBy: { _id: 'staff-1', name: 'Faisal Orders' }, totalAmount: 50 });
    const another = noAmounts(makeOrder({ _id: 'ffff0002-another' }));
    serveOrders({ page: () => ({ rows: [theirs, another] }) });
    renderAdmin('/admin/orders', handler());
    const rows = await screen.findAllByTestId('order-row');
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headings).toContain('Total');
    const total = headings.indexOf('Total');
    const cellOf = (row: HTMLElement) => within(row).getAllByRole('cell')[total];
    expect(cellOf(rows[0])).toHaveTextContent('$50.00');
    expect(cellOf(rows[1])).toHaveTextContent(/^—None$/);
    // Sorting by total stays for whoever reads money: the server refuses it to the others.
    expect(within(screen.getByRole('combobox', { name: 'Sort by' })).queryByRole('option', { name: 'Total amount' })).not.toBeInTheDocument();
  });

  it('has no Total column for an order handler when no order of the page carries amounts', async () => {
    serveOrders({ page: () => ({ rows: [noAmounts(today), noAmounts(yesterday)] }) });
    renderAdmin('/admin/orders', handler());
    await screen.findAllByTestId('order-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Total');
    expect(screen.getByRole('table')).not.toHaveTextContent('$0.00');
  });
});

describe('admin orders: fits beside the sidebar at 1280 px', () => {
  it("lets the Status column's badges wrap inside it (Somali's are long), never spilling into Actions", async () => {
    const awaiting = makeOrder({ _id: 'aaaa0001-awaiting', paymentStatus: 'pending', paymentAwaits: 'confirmation', awaitingPayment: true });
    const rider = makeOrder({ _id: 'aaaa0002-rider', paymentStatus: 'pending', paymentAwaits: 'rider', paymentMethod: 'cash-on-delivery' });
    const expired = makeOrder({ _id: 'aaaa0003-expired', status: 'canceled', paymentStatus: 'failed', holdExpiredAt: '2026-11-02T13:00:00Z' });
    serveOrders({ page: () => ({ rows: [awaiting, rider, expired] }) });
    renderAdmin('/admin/orders');
    const rows = await screen.findAllByTestId('order-row');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table-fixed');
    const status = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Status');
    for (const row of rows) {
      const cell = within(row).getAllByRole('cell')[status];
      // Each badge is at most the cell's width and wraps its words: no `whitespace-nowrap`.
      const badges = within(cell).getByTestId('order-badges');
      expect(badges).toHaveClass('min-w-0', '*:max-w-full');
      expect(badges.children.length).toBeGreaterThan(1);
      for (const badge of badges.children) expect(badge).not.toHaveClass('whitespace-nowrap');
    }
    // The buttons of Actions wrap their words too (Somali's 'U calaamadee la bixiyay').
    const actions = within(rows[0]).getByRole('button', { name: /^Mark as paid/ }).parentElement;
    expect(actions).not.toHaveClass('whitespace-nowrap');
    expect(actions).toHaveClass('*:max-w-full');
  });

  it("shows the payer's number as the back office writes numbers", async () => {
    serveOrders({ page: () => ({ rows: [makeOrder({ _id: 'aaaa0004-phone', paymentPhone: '252615551234' })] }) });
    renderAdmin('/admin/orders');
    const [row] = await screen.findAllByTestId('order-row');
    expect(within(row).getByTestId('order-payment')).toHaveTextContent('EVC Plus+252 61 555 1234');
  });
});
