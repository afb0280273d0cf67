/**
 * axe over the server-paged admin lists, with filters, notices, rows and a pager on screen, over
 * an order's page and the settings, with its aria-hidden-focus rule running
 * (`stubElementFromPoint`); the layout's landmarks and the tables' scrolling regions. The charts
 * have their own tests (charts-a11y.test.tsx).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations as violations } from '@/testing/axe';
import { deliveryCitiesOf, makeAdminReview, makeDiscount, makeNotification, makeOrder, makeOrderDetail, makeProduct, makeReturn, makeSizedProduct, makeUser, makeVariant, refusedReturn, shopZones } from '@/testing/data';
import { http } from 'msw';
import { server } from '@/testing/server';
import { screen, within } from '@/testing/test-utils';
import { adminUser, HttpResponse, recordJson, renderAdmin, serveList, serveQuote, stubElementFromPoint, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await Promise.all([
    import('../orders/components/OrdersPage'),
    import('../products/components/ProductsPage'),
    import('../users/components/UsersPage'),
    import('../discounts/components/DiscountsPage'),
    import('../returns/components/ReturnsPage'),
    import('../reviews/components/ReviewsPage'),
    import('../orders/components/OrderPage'),
    import('../phone-orders/components/NewOrderPage'),
    import('../notifications/components/NotificationsPage'),
    import('../settings/components/SettingsPage'),
    import('../dashboard/components/DashboardPage'),
    import('../dashboard/components/DashboardCharts'),
    import('../reports/components/ReportsPage'),
    import('../reports/components/RevenueChart'),
  ]);
});

let undoStub = () => {};
beforeEach(() => {
  undoStub = stubElementFromPoint();
});
afterEach(() => undoStub());

describe('admin lists are axe-clean', () => {
  it('orders, with the notices and a pager', async () => {
    const unconfirmed = makeOrder({ status: 'pending', paymentStatus: 'pending', paymentAwaits: 'confirmation', awaitingPayment: true, transactionId: null });
    const cash = makeOrder({ status: 'shipped', paymentMethod: 'cash-on-delivery', paymentStatus: 'pending', paymentAwaits: 'rider', transactionId: null });
    const discounted = makeOrder({ discountCode: 'EID-2026', discountAmount: 7.2, totalAmount: 45.8 });
    serveList('/api/orders/all', (q) =>
      q.get('limit') === '1' ? { rows: [], total: 2 } : { rows: [unconfirmed, cash, discounted, makeOrder()], total: 90 },
    );
    renderAdmin('/admin/orders?page=2');
    await screen.findAllByTestId('order-row');
    await screen.findByText('2 orders await payment.');
    await screen.findByText('2 orders were canceled unpaid.');
    expect(await violations()).toEqual([]);
  });

  it('products, with a pager', async () => {
    serveList('/api/admin/products', () => ({ rows: [makeProduct(), makeProduct({ name: 'Silk Scarf', discount: 10 })], total: 41 }));
    renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    expect(await violations()).toEqual([]);
  });

  it("users, with the admin's own row and the empty state", async () => {
    const me = adminUser();
    serveList('/api/users', (q) => ({ rows: q.get('q') ? [] : [me, makeUser()], total: q.get('q') ? 0 : 2 }));
    const { unmount } = renderAdmin('/admin/users', me);
    await screen.findAllByTestId('user-row');
    expect(await violations()).toEqual([]);
    unmount();
    renderAdmin('/admin/users?q=nobody', me);
    await screen.findByText('No users found');
    expect(await violations()).toEqual([]);
  });

  it('discounts, with every status, a pager and the add form showing a field error', async () => {
    serveList('/api/admin/discounts', () => ({
      rows: [
        makeDiscount({ minSubtotal: 20, startsAt: '2026-03-29T00:00:00+00:00', endsAt: '2099-04-05T00:00:00+00:00', usageLimit: 100, perCustomerLimit: 1 }),
        makeDiscount({ code: 'WELCOME5', kind: 'fixed', value: 5 }),
        makeDiscount({ code: 'FREESHIP', kind: 'freeShipping', value: 0, active: false }),
        makeDiscount({ code: 'SOON', startsAt: '2099-01-01T00:00:00+00:00' }),
        makeDiscount({ code: 'RAMADAN', endsAt: '2020-01-01T00:00:00+00:00' }),
        makeDiscount({ code: 'FIRST-10', usageLimit: 10, timesUsed: 10 }),
      ],
      total: 26,
    }));
    recordJson('post', '/api/admin/discounts', () =>
      HttpResponse.json({ message: 'Please check the highlighted fields', errors: { code: 'Code must be 3 to 32 letters, digits or dashes' } }, { status: 400 }),
    );
    const { user } = renderAdmin('/admin/discounts');
    await screen.findAllByTestId('discount-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add Discount Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Discount Code' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Code' }));
    await within(dialog).findByText('Code must be 3 to 32 letters, digits or dashes');
    expect(await violations(dialog)).toEqual([]);
  });

  it('returns, with every status, their steps, a pager and the refund confirmation', async () => {
    const variant = { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' };
    serveList('/api/admin/returns', () => ({
      rows: [
        makeReturn({ status: 'requested', lines: [{ lineId: 'o1-1', name: 'Linen Wrap Dress', variant, quantity: 1, amount: 27 }] }),
        makeReturn({ status: 'approved', nextSteps: ['received', 'rejected'] }),
        makeReturn({ status: 'received', nextSteps: ['refunded'] }),
        makeReturn({ status: 'refunded', nextSteps: [] }),
        makeReturn({ status: 'rejected', nextSteps: [] }),
      ],
      total: 45,
    }));
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund Return' });
    expect(await violations(dialog)).toEqual([]);
  });

  it('reviews, shown and hidden, with a pager and the delete confirmation', async () => {
    serveList('/api/admin/reviews', () => ({
      rows: [makeAdminReview(), makeAdminReview({ hidden: true, title: null, author: 'Hodan A.' })],
      total: 33,
    }));
    const { user } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    expect(await violations()).toEqual([]);

    await user.click(screen.getAllByRole('button', { name: /^Delete/ })[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Review' });
    expect(await violations(dialog)).toEqual([]);
  });

  it('an order, with its history, returns and the status modal', async () => {
    const sahra = { _id: 'a1', name: 'Sahra Admin' };
    const order = makeOrderDetail({
      _id: 'o1',
      status: 'delivered',
      paymentStatus: 'partiallyRefunded',
      refundedAmount: 24,
      discountCode: 'EID-2026',
      discountAmount: 7.2,
      products: [{ _id: 'o1-1', productId: { _id: 'p1', name: 'Linen Wrap Dress', image: null }, name: 'Linen Wrap Dress', image: null, price: 24, quantity: 2, lineTotal: 48, variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' } }],
      statusHistory: [
        { status: 'pending', at: '2026-11-02T12:00:00Z', by: null },
        { status: 'delivered', at: '2026-11-04T12:00:00Z', by: sahra },
      ],
      returnable: refusedReturn('Every item of this order is already in a return', { 'o1-1': 0 }),
      nextStatuses: ['pending', 'shipped'],
    });
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () =>
        HttpResponse.json([
          makeReturn({
            status: 'approved',
            statusHistory: [
              { status: 'requested', at: '2026-11-05T12:00:00Z', by: null },
              { status: 'approved', at: '2026-11-05T13:00:00Z', by: sahra },
            ],
            nextSteps: ['received', 'rejected'],
          }),
          makeReturn({ status: 'refunded', nextSteps: [] }),
        ]),
      ),
    );
    const { user } = renderAdmin('/admin/orders/o1');
    await screen.findAllByTestId('return');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Order Status' });
    await within(dialog).findByLabelText('Status');
    expect(await violations(dialog)).toEqual([]);
  });
});

describe('the admin layout', () => {
  it("puts the phone top bar's Admin link and Menu button in the header landmark; the whole page is axe-clean", async () => {
    serveList('/api/admin/products', () => ({ rows: [makeProduct()], total: 1 }));
    const { user } = renderAdmin('/admin/products');
    await screen.findAllByTestId('product-row');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    const menu = banner.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-controls', 'admin-sidebar');
    // The page as a whole, not only its main region: axe's region rule wants all content in landmarks.
    expect(await violations(document.body)).toEqual([]);

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await violations(document.body)).toEqual([]);
  });
});

describe('admin tables scroll in a named region keyboard users can reach', () => {
  const screens: { path: string; row: string; name: string; serve: () => void }[] = [
    { path: '/admin/orders', row: 'order-row', name: 'Orders', serve: () => serveList('/api/orders/all', () => ({ rows: [makeOrder()], total: 1 })) },
    { path: '/admin/products', row: 'product-row', name: 'Products', serve: () => serveList('/api/admin/products', () => ({ rows: [makeProduct()], total: 1 })) },
    { path: '/admin/users', row: 'user-row', name: 'Users', serve: () => serveList('/api/users', () => ({ rows: [makeUser()], total: 1 })) },
    { path: '/admin/discounts', row: 'discount-row', name: 'Discount codes', serve: () => serveList('/api/admin/discounts', () => ({ rows: [makeDiscount()], total: 1 })) },
    { path: '/admin/returns', row: 'return-row', name: 'Returns', serve: () => serveList('/api/admin/returns', () => ({ rows: [makeReturn()], total: 1 })) },
    { path: '/admin/reviews', row: 'review-row', name: 'Reviews', serve: () => serveList('/api/admin/reviews', () => ({ rows: [makeAdminReview()], total: 1 })) },
    {
      path: '/admin/notifications',
      row: 'notification-row',
      name: 'Notifications',
      serve: () => serveList('/api/admin/notifications', () => ({ rows: [makeNotification()], total: 1 })),
    },
  ];

  it.each(screens)('$name: the table box is a region named after the table, in the tab order', async ({ path, row, name, serve }) => {
    serve();
    renderAdmin(path);
    await screen.findAllByTestId(row);
    const region = screen.getByRole('region', { name: `${name} table` });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.className).toContain('overflow-x-auto');
    expect(within(region).getByRole('table', { name })).toBeInTheDocument();
    expect(within(region).getAllByTestId(row)).toHaveLength(1);
  });

  it('Tab reaches the orders table box after the filters, then the actions inside it', async () => {
    const order = makeOrder({ _id: 'o1aaaaaa-0000-7000-8000-000000000001' });
    serveList('/api/orders/all', () => ({ rows: [order], total: 1 }));
    const { user } = renderAdmin('/admin/orders');
    await screen.findAllByTestId('order-row');
    const region = screen.getByRole('region', { name: 'Orders table' });
    for (let i = 0; i < 40 && document.activeElement !== region; i++) await user.tab();
    expect(region).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('link', { name: `#${order.number}` })).toHaveFocus();
  });

  it('the dashboard and reports tables too, named apart from the sections around them', async () => {
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({ totalProducts: 1, totalOrders: 1, pendingOrders: 0, totalRevenue: 5, monthlyRevenue: 5, revenueByMonth: [], statusCounts: {}, recentOrders: [makeOrder()] }),
      ),
    );
    const { unmount } = renderAdmin('/admin');
    const recent = await screen.findByRole('region', { name: 'Recent orders table' });
    expect(recent).toHaveAttribute('tabindex', '0');
    expect(within(screen.getByRole('region', { name: 'Recent Orders' })).getByRole('table', { name: 'Recent orders' })).toBe(within(recent).getByRole('table'));
    unmount();

    server.use(
      http.get('/api/admin/reports', () =>
        HttpResponse.json({
          days: 30,
          from: '2026-10-23T00:00:00Z',
          to: '2026-11-21T23:59:59Z',
          totalSales: 24,
          orders: 1,
          newUsers: 0,
          averageOrderValue: 24,
          revenueByDay: [],
          topProducts: [{ name: 'Linen Wrap Dress', quantity: 1, revenue: 24 }],
          discountsGiven: 0,
          discountCodes: [{ code: 'EID-2026', orders: 1, amount: 2 }],
        }),
      ),
      http.get('/api/admin/audit', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    renderAdmin('/admin/reports');
    for (const name of ['Top products', 'Discount codes']) {
      const region = await screen.findByRole('region', { name: `${name} table` });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name })).toBeInTheDocument();
    }
  });
});

describe('the other admin screens are axe-clean', () => {
  it('notifications, with a pager', async () => {
    serveList('/api/admin/notifications', () => ({ rows: [makeNotification(), makeNotification({ _id: 'n2', status: 'failed', lastError: 'SMTP refused' })], total: 41 }));
    renderAdmin('/admin/notifications');
    await screen.findAllByTestId('notification-row');
    expect(await violations()).toEqual([]);
  });

  it('a new order, with a product opened, a line, field errors, then the order taken with its payment link', async () => {
    const dress = makeSizedProduct([makeVariant('M', 5), makeVariant('L', 0)], { name: 'Linen Wrap Dress' });
    server.use(http.get('/api/delivery/zones', () => HttpResponse.json(deliveryCitiesOf(shopZones()))));
    serveList('/api/products/search', () => ({ rows: [dress] }));
    serveQuote({ prices: { [dress._id]: { name: dress.name, price: dress.price } } });
    serveList('/api/admin/customers', () => ({ rows: [{ _id: 'u1', name: 'Amina Hassan', email: null, phone: '252615551234' }] }));
    let created = false;
    const order = makeOrder({ _id: 'o45', status: 'pending', paymentStatus: 'pending', paymentMethod: null, channel: 'phone', transactionId: null });
    recordJson('post', '/api/admin/orders', () => {
      if (created) return HttpResponse.json(order, { status: 201 });
      created = true;
      return HttpResponse.json({ message: 'Please check the highlighted fields', errors: { 'shippingAddress.addressLine': 'Address is required', discountCode: 'Discount code not found' } }, { status: 400 });
    });
    recordJson('post', '/api/admin/orders/o45/payment-link', () =>
      HttpResponse.json({ url: 'https://shop.example/pay/abc', expiresAt: '2026-11-28T12:00:00Z', whatsappUrl: 'https://wa.me/252615551234?text=Pay', smsSent: true }, { status: 201 }),
    );
    const { user } = renderAdmin('/admin/orders/new');
    await user.type(await screen.findByRole('searchbox', { name: 'Find a customer' }), 'amina');
    await screen.findAllByTestId('customer-result');
    await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'linen');
    await user.click(await screen.findByRole('button', { name: 'Choose Linen Wrap Dress' }));
    await user.click(screen.getByRole('radio', { name: /Size M/ }));
    await user.click(screen.getByRole('button', { name: 'Add to order' }));
    await screen.findByTestId('quote-totals');
    await user.click(screen.getByRole('button', { name: 'Choose Linen Wrap Dress' }));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await screen.findByText('Address is required');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await screen.findByRole('region', { name: 'Order summary' });
    await user.click(screen.getByRole('button', { name: 'Send payment link' }));
    await screen.findByTestId('payment-link');
    expect(await violations()).toEqual([]);
  });

  it('settings', async () => {
    renderAdmin('/admin/settings');
    await screen.findByRole('heading', { name: 'Shop settings' });
    expect(await violations()).toEqual([]);
  });
});
