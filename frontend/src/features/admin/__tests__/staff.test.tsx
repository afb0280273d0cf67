/**
 * Staff in the back office (issue 42): each role sees what its permissions (the server's answer
 * in the user's `permissions`) let it use: the sidebar, the home, the buttons; a screen outside
 * the role is the access-denied page, and nothing of it is asked of the server.
 */
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, Permission, User } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { tapTargetProblems } from '@/testing/tap-targets';
import { makeOrder, makeOrderDetail, makeProduct, makeReturn, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { currentUrl, renderAdmin, serveList, stubElementFromPoint, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await Promise.all([
    import('../dashboard/components/StaffHome'),
    import('../dashboard/components/DashboardPage'),
    import('../orders/components/OrdersPage'),
    import('../orders/components/OrderPage'),
    import('../products/components/ProductsPage'),
    import('../returns/components/ReturnsPage'),
    import('../reports/components/ReportsPage'),
  ]);
});

let undoStub = () => {};
beforeEach(() => {
  undoStub = stubElementFromPoint();
  // The staff home's counts of the work (none waiting unless a test says otherwise).
  for (const path of ['/api/admin/deliveries', '/api/admin/returns', '/api/orders/all']) serveList(path, () => ({ rows: [], total: 0 }));
});
afterEach(() => undoStub());

const orderHandler = () => makeUser({ role: 'orders', name: 'Faisal Orders', email: 'faisal@shop.so' });
const stockKeeper = () => makeUser({ role: 'stock', name: 'Hibo Stock', email: 'hibo@shop.so' });
const rider = () => makeUser({ role: 'rider', name: 'Cali Rider', email: 'cali@shop.so' });
/** Someone whose permissions are exactly these (the screens read permissions, never the role). */
const withPermissions = (permissions: Permission[]): User => makeUser({ role: 'orders', name: 'Nimco Staff', permissions });

/** Counts the requests to `path` (answered with `reply`): a screen outside the role must ask none. */
function countRequests(path: string, reply: () => Response = () => HttpResponse.json([])) {
  const seen = { count: 0 };
  server.use(
    http.get(path, () => {
      seen.count += 1;
      return reply();
    }),
  );
  return seen;
}

const sidebar = async () => within(await screen.findByRole('navigation', { name: 'Admin' }));
const sidebarLinks = async () => (await sidebar()).getAllByRole('link').map((l) => l.textContent);

const ORDER_ID = 'cafe1234-0000-7000-8000-00000000beef';

describe('the sidebar lists the screens of the role', () => {
  it('an order handler: Home, Orders and Returns; no Products, Settings, Users, Discounts or Reports', async () => {
    const stats = countRequests('/api/admin/stats');
    renderAdmin('/admin', orderHandler());
    expect(await sidebarLinks()).toEqual(['Home', 'Orders', 'Deliveries', 'Returns']);
    for (const name of ['Products', 'Restock requests', 'Settings', 'Users', 'Discounts', 'Payments', 'Reports', 'Reviews', 'Notifications', 'Dashboard']) {
      expect((await sidebar()).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(stats.count).toBe(0);
  });

  it('a stock keeper: Home, Products, Restock requests and Reviews; no Orders or Returns', async () => {
    renderAdmin('/admin', stockKeeper());
    expect(await sidebarLinks()).toEqual(['Home', 'Products', 'Restock requests', 'Reviews']);
    expect((await sidebar()).queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('an admin: every screen, the home being the Dashboard', async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin', makeUser({ role: 'admin', name: 'Sahra Admin' }));
    expect(await sidebarLinks()).toEqual(['Dashboard', 'Products', 'Restock requests', 'Orders', 'Deliveries', "Riders' cash", 'Users', 'Discounts', 'Returns', 'Reviews', 'Notifications', 'Delivery zones', 'Settings', 'Payments', 'Reports']);
  });
});

describe('a screen outside the role', () => {
  it('is the access-denied page for an order handler at /admin/products, and no product is asked for', async () => {
    const products = countRequests('/api/admin/products');
    const stats = countRequests('/api/admin/stats');
    const { user } = renderAdmin('/admin/products', orderHandler());
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText("Your role does not allow this screen. Ask the shop's admin if you need it.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Product' })).not.toBeInTheDocument();
    // Inside the back office: its sidebar is still there.
    expect(await sidebarLinks()).toEqual(['Home', 'Orders', 'Deliveries', 'Returns']);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: "Back to the back office's home" }));
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(products.count).toBe(0);
    expect(stats.count).toBe(0);
  });

  it("is the access-denied page for a stock keeper at an order's page and at /admin/orders, neither asked for", async () => {
    const order = countRequests(`/api/orders/${ORDER_ID}`, () => HttpResponse.json(makeOrderDetail({ _id: ORDER_ID })));
    const orders = countRequests('/api/orders/all');
    const { unmount } = renderAdmin(`/admin/orders/${ORDER_ID}`, stockKeeper());
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
    unmount();
    renderAdmin('/admin/orders', stockKeeper());
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(order.count).toBe(0);
    expect(orders.count).toBe(0);
  });

  it('is the access-denied page for each screen an order handler may not open', async () => {
    for (const path of ['/admin/users', '/admin/settings', '/admin/discounts', '/admin/payments', '/admin/reports', '/admin/reviews', '/admin/notifications']) {
      const { unmount } = renderAdmin(path, orderHandler());
      expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
      unmount();
    }
  });
});

describe('the staff home', () => {
  it("greets an order handler by name, names the role and links the role's screens, without the dashboard's figures", async () => {
    const stats = countRequests('/api/admin/stats');
    renderAdmin('/admin', orderHandler());
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Faisal Orders!')).toBeInTheDocument();
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Your role: Order handler');
    const screens = within(screen.getByRole('region', { name: 'Your screens' }));
    expect(screens.getAllByRole('link').map((l) => [l.querySelector('span')?.textContent, l.getAttribute('href')])).toEqual([
      ['Orders', '/admin/orders'],
      ['Deliveries', '/admin/deliveries'],
      ['Returns', '/admin/returns'],
    ]);
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    expect(stats.count).toBe(0);
  });

  it('links a stock keeper to Products, Restock requests and Reviews', async () => {
    renderAdmin('/admin', stockKeeper());
    const screens = within(await screen.findByRole('region', { name: 'Your screens' }));
    expect(screens.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/admin/products', '/admin/restock-requests', '/admin/reviews']);
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Your role: Stock keeper');
  });

  it("links a rider to their phone screen, /deliveries, and to no back-office screen they would be refused", async () => {
    const stats = countRequests('/api/admin/stats');
    renderAdmin('/admin', rider());
    const screens = within(await screen.findByRole('region', { name: 'Your screens' }));
    expect(screens.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/deliveries']);
    expect(screens.getByRole('link', { name: /My deliveries/ })).toHaveTextContent('Your deliveries of the day, on your phone');
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Your role: Rider');
    expect(await sidebarLinks()).toEqual(['Home']);
    expect(await axeViolations()).toEqual([]);
    expect(stats.count).toBe(0);
  });
});

describe("the staff home: the counts of the person's work", () => {
  /** Serves the one-row counts: `totals` by path and filter (`status`, `paymentStatus`); returns every count's query. */
  function serveCounts(totals: Record<string, number>, fail: string[] = []) {
    const asked: Record<string, string>[] = [];
    for (const path of ['/api/admin/deliveries', '/api/admin/returns', '/api/orders/all']) {
      server.use(
        http.get(path, ({ request }) => {
          const query = new URL(request.url).searchParams;
          const key = `${path}?${query.get('status') ?? query.get('paymentStatus')}`;
          asked.push({ path, ...Object.fromEntries(query) });
          if (fail.includes(key)) return HttpResponse.json({ message: 'x' }, { status: 500 });
          return HttpResponse.json([], { headers: { 'X-Total-Count': String(totals[key] ?? 0) } });
        }),
      );
    }
    return asked;
  }
  const work = () => within(screen.getByRole('region', { name: 'Your work' }));
  const counts = () => work().getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);

  it("shows an order handler what waits for them, each a link to its list: to dispatch, awaiting payment, the returns' steps", async () => {
    const asked = serveCounts({
      '/api/admin/deliveries?toDispatch': 12,
      '/api/orders/all?awaiting': 3,
      '/api/admin/returns?requested': 2,
      '/api/admin/returns?approved': 1,
      '/api/admin/returns?received': 0,
    });
    renderAdmin('/admin', orderHandler());
    await screen.findByRole('region', { name: 'Your work' });
    await waitFor(() => expect(counts()).toEqual([
      ['12 Orders to dispatch', '/admin/deliveries'],
      ['3 Orders awaiting payment', '/admin/orders?paymentStatus=awaiting'],
      ['2 Returns to approve', '/admin/returns?status=requested'],
      ['1 Returns to receive', '/admin/returns?status=approved'],
      ['0 Returns to refund', '/admin/returns?status=received'],
    ]));
    // The lists' counts: one row each, the total from X-Total-Count.
    expect(asked).toEqual(expect.arrayContaining([
      { path: '/api/admin/deliveries', status: 'toDispatch', page: '1', limit: '1' },
      { path: '/api/orders/all', paymentStatus: 'awaiting', page: '1', limit: '1' },
      { path: '/api/admin/returns', status: 'requested', page: '1', limit: '1' },
      { path: '/api/admin/returns', status: 'approved', page: '1', limit: '1' },
      { path: '/api/admin/returns', status: 'received', page: '1', limit: '1' },
    ]));
    expect(asked).toHaveLength(5);
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await userEvent.setup().click(work().getByRole('link', { name: /Returns to approve/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/returns?status=requested'));
  });

  it('shows only the counts the permissions allow, and asks for no other', async () => {
    const asked = serveCounts({ '/api/orders/all?awaiting': 4 });
    renderAdmin('/admin', withPermissions(['orders.read']));
    await waitFor(() => expect(counts()).toEqual([['4 Orders awaiting payment', '/admin/orders?paymentStatus=awaiting']]));
    expect(asked.map((q) => q.path)).toEqual(['/api/orders/all']);
  });

  it('has no counts for a stock keeper or a rider, and asks for none', async () => {
    const asked = serveCounts({});
    const { unmount } = renderAdmin('/admin', stockKeeper());
    await screen.findByRole('region', { name: 'Your screens' });
    expect(screen.queryByRole('region', { name: 'Your work' })).not.toBeInTheDocument();
    unmount();
    renderAdmin('/admin', rider());
    await screen.findByRole('region', { name: 'Your screens' });
    expect(screen.queryByRole('region', { name: 'Your work' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says when a count failed, with Try Again', async () => {
    let fail = ['/api/admin/deliveries?toDispatch'];
    const totals = { '/api/admin/deliveries?toDispatch': 7 };
    serveCounts(totals, fail);
    renderAdmin('/admin', withPermissions(['deliveries.dispatch']));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not count them.');
    expect(work().getByRole('link', { name: 'Not counted Orders to dispatch' })).toBeInTheDocument();
    fail = [];
    serveCounts(totals, fail);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again Orders to dispatch' }));
    await waitFor(() => expect(counts()).toEqual([['7 Orders to dispatch', '/admin/deliveries']]));
  });
});

describe('buttons follow the permissions', () => {
  const awaiting = makeOrder({ _id: ORDER_ID, status: 'pending', paymentStatus: 'pending', paymentAwaits: 'confirmation', awaitingPayment: true, transactionId: null });

  it("an order handler updates an order's status, in the list and on its page", async () => {
    serveList('/api/orders/all', () => ({ rows: [awaiting] }));
    const { unmount } = renderAdmin('/admin/orders', orderHandler());
    const row = within((await screen.findAllByTestId('order-row'))[0]);
    expect(row.getByRole('button', { name: /^Update Status/ })).toBeInTheDocument();
    expect(row.getByRole('button', { name: /^Mark as paid/ })).toBeInTheDocument();
    unmount();

    server.use(
      http.get(`/api/orders/${ORDER_ID}`, () => HttpResponse.json(makeOrderDetail({ _id: ORDER_ID }))),
      http.get(`/api/orders/${ORDER_ID}/returns`, () => HttpResponse.json([])),
    );
    renderAdmin(`/admin/orders/${ORDER_ID}`, orderHandler());
    expect(await screen.findByRole('button', { name: 'Update Status' })).toBeInTheDocument();
  });

  it('someone who only reads orders has no Update Status, Mark as paid, refund resolution or return step', async () => {
    const reader = withPermissions(['orders.read']);
    serveList('/api/orders/all', () => ({ rows: [awaiting] }));
    const { unmount } = renderAdmin('/admin/orders', reader);
    const row = within((await screen.findAllByTestId('order-row'))[0]);
    expect(row.queryByRole('button', { name: /^Update Status/ })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Mark as paid/ })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: /^Details/ })).toBeInTheDocument();
    unmount();

    server.use(
      http.get(`/api/orders/${ORDER_ID}`, () =>
        HttpResponse.json(makeOrderDetail({ _id: ORDER_ID, status: 'canceled', paymentStatus: 'paid', refundStatus: 'unconfirmed', refundSentAt: '2026-11-02T12:00:00Z' })),
      ),
      http.get(`/api/orders/${ORDER_ID}/returns`, () => HttpResponse.json([makeReturn({ orderId: ORDER_ID, status: 'requested', nextSteps: ['approved', 'rejected'] })])),
    );
    renderAdmin(`/admin/orders/${ORDER_ID}`, reader);
    await screen.findByRole('list', { name: 'Returns of this order' });
    expect(screen.getByRole('button', { name: 'Print packing slip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('unconfirmed-refund')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
  });

  it('an order handler sees no amounts: no Total or Refund column, no totals, a refund asked without its amount', async () => {
    // What the server sends staff without money.read: the orders and returns with no amounts.
    const unpriced = <T extends Order>({ subtotal, shippingFee, totalAmount, discountAmount, refundedAmount, ...order }: T): T => {
      void [subtotal, shippingFee, totalAmount, discountAmount, refundedAmount];
      return { ...order, products: order.products.map(({ price, lineTotal, ...line }) => (void [price, lineTotal], line)) } as T;
    };
    serveList('/api/orders/all', () => ({ rows: [unpriced(awaiting)] }));
    const { unmount } = renderAdmin('/admin/orders', orderHandler());
    const table = (await screen.findAllByTestId('order-row'))[0].closest('table')!;
    expect(within(table).queryByRole('columnheader', { name: 'Total' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    expect(table.textContent).not.toContain('$');
    unmount();

    server.use(
      http.get(`/api/orders/${ORDER_ID}`, () => HttpResponse.json(unpriced(makeOrderDetail({ _id: ORDER_ID })))),
      http.get(`/api/orders/${ORDER_ID}/returns`, () => HttpResponse.json([])),
    );
    const page = renderAdmin(`/admin/orders/${ORDER_ID}`, orderHandler());
    await screen.findByRole('button', { name: 'Update Status' });
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('$');
    page.unmount();

    const { refundAmount, lines, ...received } = makeReturn({ status: 'received', nextSteps: ['refunded'], customer: { _id: 'u1', name: 'Amina', email: 'amina@example.com' } });
    void refundAmount;
    serveList('/api/admin/returns', () => ({ rows: [{ ...received, lines: lines.map(({ amount, ...line }) => (void amount, line)) }] }));
    const { user } = renderAdmin('/admin/returns', orderHandler());
    const row = (await screen.findAllByTestId('return-row'))[0];
    expect(within(row.closest('table')!).queryByRole('columnheader', { name: 'Refund' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Refund Amina for the return of order');
    expect(dialog.textContent).not.toContain('$');
  });

  it("returns link to their order's page only for whoever may open it", async () => {
    const ret = makeReturn({ orderId: ORDER_ID, orderNumber: '#1042', status: 'requested', nextSteps: ['approved', 'rejected'] });
    serveList('/api/admin/returns', () => ({ rows: [ret] }));
    const { unmount } = renderAdmin('/admin/returns', withPermissions(['returns.manage']));
    const row = within((await screen.findAllByTestId('return-row'))[0]);
    expect(row.getByText('#1042')).not.toHaveAttribute('href');
    expect(row.queryByRole('link')).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    unmount();

    renderAdmin('/admin/returns', orderHandler());
    const handlerRow = within((await screen.findAllByTestId('return-row'))[0]);
    expect(handlerRow.getByRole('link', { name: '#1042' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
  });

  it('a stock keeper manages products (Add New Product, Edit, Delete); an order handler never sees them', async () => {
    serveList('/api/admin/products', () => ({ rows: [makeProduct({ name: 'Silk Scarf' })] }));
    const { unmount } = renderAdmin('/admin/products', stockKeeper());
    await screen.findAllByTestId('product-row');
    expect(screen.getByRole('button', { name: 'Add New Product' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Silk Scarf' })).toBeInTheDocument();
    unmount();
    renderAdmin('/admin/products', orderHandler());
    await screen.findByRole('heading', { level: 1, name: 'Access denied' });
    expect(screen.queryByRole('button', { name: 'Add New Product' })).not.toBeInTheDocument();
  });

  it('reports without the audit trail for someone who reads reports but not the audit (never asked for)', async () => {
    const audit = countRequests('/api/admin/audit');
    server.use(
      http.get('/api/admin/reports', () =>
        HttpResponse.json({
          from: '2026-10-03T00:00:00Z',
          to: '2026-11-02T00:00:00Z',
          days: 30,
          totalSales: 0,
          orders: 0,
          newUsers: 0,
          averageOrderValue: 0,
          discountsGiven: 0,
          revenueByDay: [],
          topProducts: [],
          discountCodes: [],
        }),
      ),
    );
    renderAdmin('/admin/reports', withPermissions(['reports.read']));
    expect(await screen.findByRole('heading', { name: 'Top products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /activity/i })).not.toBeInTheDocument();
    expect(audit.count).toBe(0);
  });

  it("the dashboard's quick actions and View All follow the permissions", async () => {
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({
          totalProducts: 1,
          totalOrders: 1,
          pendingOrders: 0,
          totalRevenue: 10,
          monthlyRevenue: 10,
          averageOrderValue: 10,
          revenueByMonth: [],
          statusCounts: { pending: 0, shipped: 0, delivered: 1, canceled: 0 },
          topProducts: [],
          recentOrders: [makeOrder()],
        }),
      ),
    );
    renderAdmin('/admin', withPermissions(['reports.read', 'products.manage']));
    const quick = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    expect(quick.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/admin/products', '/admin/reports']);
    const recent = within(screen.getByRole('region', { name: 'Recent Orders' }));
    expect(recent.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    expect(await sidebarLinks()).toEqual(['Dashboard', 'Products', 'Restock requests', 'Reports']);
  });
});
