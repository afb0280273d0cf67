import { http, HttpResponse, delay } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '@/lib/types';
import { makeOrder } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { renderAdmin, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await import('../dashboard/components/DashboardPage');
  await import('../dashboard/components/DashboardCharts');
});

const stats = (overrides: Partial<Stats> = {}): Stats => ({
  totalProducts: 40,
  totalOrders: 12,
  pendingOrders: 3,
  totalRevenue: 530,
  monthlyRevenue: 120,
  averageOrderValue: 44.17,
  revenueByMonth: ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'].map((label, i) => ({ label, revenue: i * 10 })),
  statusCounts: { pending: 3, shipped: 4, delivered: 4, canceled: 1 },
  topProducts: [{ name: 'Floral Summer Dress', quantity: 9 }],
  recentOrders: [
    makeOrder({ _id: '0192f3a4-aaaa-7000-8000-12345678abcd', number: 1042, totalAmount: 53, status: 'shipped', createdAt: '2026-11-02T12:00:00Z' }),
    makeOrder({ _id: '0192f3a4-bbbb-7000-8000-87654321dcba', number: 1043, userId: { _id: 'u-gone', name: '', email: '' }, status: 'pending', paymentMethod: 'zaad' }),
  ],
  ...overrides,
});

describe('admin dashboard', () => {
  it('shows the loading state, then the cards, charts, recent orders and quick actions', async () => {
    server.use(
      http.get('/api/admin/stats', async () => {
        await delay(50);
        return HttpResponse.json(stats());
      }),
    );
    renderAdmin('/admin');
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Sahra Admin!')).toBeInTheDocument();

    const total = await screen.findByText('Total Products');
    expect(total.nextElementSibling).toHaveTextContent('40');
    expect(screen.getByText('Total Orders').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Pending Orders').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Total Revenue').nextElementSibling).toHaveTextContent('$530.00');
    expect(screen.getByText('$120.00 this month')).toBeInTheDocument();

    expect(await screen.findByText('Revenue Trend')).toBeInTheDocument();
    expect(screen.getByText('Order Status Distribution')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Recent Orders' });
    const r = within(recent);
    expect(r.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Order ID', 'Customer', 'Amount', 'Payment', 'Status', 'Date']);
    // How each order was paid, by name.
    expect(r.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[3].textContent)).toEqual(['EVC Plus', 'ZAAD']);
    // Each order by its number, not by its id.
    expect(r.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['#1042', '#1043']);
    expect(r.queryByText(/abcd|dcba/)).not.toBeInTheDocument();
    expect(r.getByText('N/A')).toBeInTheDocument();
    expect(r.getByText('Amina Hassan')).toBeInTheDocument();
    expect(r.getAllByText('$53.00')).toHaveLength(2);
    expect(r.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/admin/orders');

    for (const [name, href] of [
      ['Manage Products', '/admin/products'],
      ['Manage Orders', '/admin/orders'],
      ['Manage Users', '/admin/users'],
      ['View Reports', '/admin/reports'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', href);
    }
  });

  it('hides the Recent Orders table when there are no orders', async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json(stats({ recentOrders: [], totalOrders: 0 }))));
    renderAdmin('/admin');
    await screen.findByText('Total Products');
    expect(screen.queryByText('Recent Orders')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage Orders/ })).toBeInTheDocument();
  });

  it('shows the error state with a toast, and Try Again loads the figures', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/stats', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json(stats()),
      ),
    );
    const { user } = renderAdmin('/admin');
    expect(await screen.findByText('Oops! Something went wrong')).toBeInTheDocument();
    await findToast('Failed to load dashboard data. Please try again.');
    expect(screen.getByText('Welcome back, Sahra Admin!')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument());
    expect(await screen.findByText('Total Products')).toBeInTheDocument();
  });
});
