/**
 * Every control of the back office is at least 44 × 44 CSS px: the sidebar and its language
 * switch, the rows' Edit and Delete, the filters, the pager, a dialog's buttons and its Close, as
 * `tapTargetProblems` reads it from the classes.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, User } from '@/lib/types';
import { makeNotification, makeOrder, makeOrderDetail, makeProduct, makeRiderCash, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { tapTargetProblems } from '@/testing/tap-targets';
import { screen, waitFor } from '@/testing/test-utils';
import { renderAdmin, serveList, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await import('../products/components/ProductsPage');
  await import('../orders/components/OrdersPage');
  await import('../users/components/UsersPage');
  await import('../deliveries/components/RidersCashPage');
  await import('../notifications/components/NotificationsPage');
  await import('../reports/components/ReportsPage');
});

const problems = () => tapTargetProblems().join('\n');

describe('back-office tap targets of 44 × 44 px', () => {
  it('on the products list (Edit and Delete, filters, pager) and its delete dialog', async () => {
    serveList<Product>('/api/admin/products', () => ({ rows: [makeProduct({ name: 'Silk Abaya' }), makeProduct()], total: 45 }));
    const { user } = renderAdmin('/admin/products');
    await screen.findByRole('button', { name: 'Delete Silk Abaya' }, { timeout: 8000 });
    expect(problems()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Delete Silk Abaya' }));
    await screen.findByRole('alertdialog');
    expect(problems()).toBe('');
  });

  it('on the orders and users lists', async () => {
    serveList<Order>('/api/orders/all', () => ({ rows: [makeOrder(), makeOrder({ awaitingPayment: true, paymentStatus: 'pending' })] }));
    const orders = renderAdmin('/admin/orders');
    await screen.findAllByRole('button', { name: /^Update Status/ }, { timeout: 8000 });
    expect(problems()).toBe('');
    orders.unmount();
    serveList<User>('/api/users', () => ({ rows: [makeUser({ name: 'Amina Hassan' })] }));
    renderAdmin('/admin/users');
    await screen.findByRole('button', { name: /^Edit Amina Hassan/ }, { timeout: 8000 });
    expect(problems()).toBe('');
  });

  it("on the riders' cash, with 'Mark received' and its dialog", async () => {
    server.use(http.get('/api/admin/riders/cash', () => HttpResponse.json([makeRiderCash({ riderName: 'Abdi Warsame', deliveries: 2, collected: 58 })])));
    const { user } = renderAdmin('/admin/riders-cash');
    const mark = await screen.findByRole('button', { name: /^Mark received/ }, { timeout: 8000 });
    expect(problems()).toBe('');
    await user.click(mark);
    await screen.findByRole('alertdialog');
    expect(problems()).toBe('');
  });

  it('on the notifications and the reports', async () => {
    serveList('/api/admin/notifications', () => ({ rows: [makeNotification({ lastError: 'Gateway timeout', status: 'failed' })] }));
    const notifications = renderAdmin('/admin/notifications');
    await screen.findAllByRole('button', { name: /^Resend/ }, { timeout: 8000 });
    expect(problems()).toBe('');
    notifications.unmount();
    server.use(
      http.get('/api/admin/audit', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
      http.get('/api/admin/audit/actors', () => HttpResponse.json([])),
      http.get('/api/admin/reports', () =>
        HttpResponse.json({
          days: 30,
          from: '2026-10-23T00:00:00Z',
          to: '2026-11-21T12:00:00Z',
          totalSales: 0,
          orders: 0,
          newUsers: 0,
          averageOrderValue: 0,
          revenueByDay: [],
          topProducts: [],
          discountsGiven: 0,
          discountCodes: [],
        }),
      ),
    );
    renderAdmin('/admin/reports');
    await screen.findByRole('button', { name: 'Last 7 days' }, { timeout: 8000 });
    expect(problems()).toBe('');
  });

  it('on every other screen, empty', async () => {
    const emptyList = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
    // Every list empty; the replies below come first (the handlers used last are asked first).
    server.use(http.get('/api/admin/*', emptyList), http.get('/api/orders/all', emptyList));
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({
          totalProducts: 0,
          totalOrders: 0,
          pendingOrders: 0,
          totalRevenue: 0,
          monthlyRevenue: 0,
          averageOrderValue: 0,
          revenueByMonth: [],
          statusCounts: {},
          topProducts: [],
          recentOrders: [makeOrder()],
        }),
      ),
      http.get('/api/admin/payments/reconciliation', () => HttpResponse.json({ date: '2026-11-20', providers: [] })),
      http.get('/api/orders/:id', () => HttpResponse.json(makeOrderDetail({ _id: 'o-tap', nextStatuses: ['shipped'] }))),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([])),
    );
    const paths = [
      '/admin',
      '/admin/orders/o-tap',
      '/admin/orders/new',
      '/admin/deliveries',
      '/admin/restock-requests',
      '/admin/discounts',
      '/admin/returns',
      '/admin/reviews',
      '/admin/delivery',
      '/admin/settings',
      '/admin/payments',
      '/admin/payments/reconciliation',
    ];
    const found: string[] = [];
    for (const path of paths) {
      const app = renderAdmin(path);
      await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
      await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument(), { timeout: 8000 });
      found.push(...tapTargetProblems().map((problem) => `${path}: ${problem}`));
      app.unmount();
    }
    expect(found.join('\n')).toBe('');
  }, 60_000);
});
