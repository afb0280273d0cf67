/**
 * The dashboard's and the reports' charts, drawn (jsdom is given a size for them), checked by
 * axe with its aria-hidden-focus rule running: a chart is either a named image that keyboard
 * users reach, or hidden with nothing inside focusable; its figures are always there as text.
 */
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Stats } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrder } from '@/testing/data';
import { server } from '@/testing/server';
import { screen, within } from '@/testing/test-utils';
import { STATUS_COLORS } from '../lib/charts';
import type { Report } from '@/lib/types';
import { HttpResponse, renderAdmin, sizeCharts, stubElementFromPoint } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([
    import('../dashboard/components/DashboardPage'),
    import('../dashboard/components/DashboardCharts'),
    import('../reports/components/ReportsPage'),
    import('../reports/components/RevenueChart'),
  ]);
});

let undoStub = () => {};
beforeEach(() => {
  sizeCharts();
  undoStub = stubElementFromPoint();
});
afterEach(() => undoStub());

const stats: Stats = {
  totalProducts: 40,
  totalOrders: 12,
  pendingOrders: 3,
  totalRevenue: 530,
  monthlyRevenue: 120,
  averageOrderValue: 44.17,
  revenueByMonth: ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'].map((label, i) => ({ label, revenue: i * 10 })),
  statusCounts: { pending: 3, shipped: 4, delivered: 4, canceled: 1 },
  topProducts: [{ name: 'Floral Summer Dress', quantity: 9 }],
  recentOrders: [makeOrder({ _id: '0192f3a4-aaaa-7000-8000-12345678abcd', totalAmount: 53, status: 'shipped' })],
};

const report: Report = {
  days: 30,
  from: '2026-10-23T00:00:00Z',
  to: '2026-11-21T23:59:59Z',
  totalSales: 530,
  orders: 12,
  newUsers: 4,
  averageOrderValue: 44.17,
  revenueByDay: [
    { date: '2026-11-01', revenue: 0 },
    { date: '2026-11-02', revenue: 120.5 },
    { date: '2026-11-03', revenue: 64 },
  ],
  topProducts: [{ name: 'Floral Summer Dress', quantity: 9, revenue: 216 }],
  discountsGiven: 80.4,
  discountCodes: [{ code: 'EID-2026', orders: 14, amount: 80.4 }],
};

/** What Tab stops at inside `root` (SVG elements included, which `tabIndex` misses in jsdom). */
const tabStops = (root: Element) =>
  Array.from(root.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')).filter(
    (e) => !(Number(e.getAttribute('tabindex')) < 0),
  );

/** The rows of a table as text, cells joined by ' | '. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children, (c) => c.textContent).join(' | '));

/** Tabs from the start of the page until `target` has focus (failing after `max` presses). */
async function tabTo(user: { tab: () => Promise<void> }, target: Element, max = 60) {
  for (let i = 0; i < max && document.activeElement !== target; i++) await user.tab();
  expect(target).toHaveFocus();
}

describe('the dashboard charts', () => {
  beforeEach(() => server.use(http.get('/api/admin/stats', () => HttpResponse.json(stats))));

  it('are axe-clean drawn, the revenue line a named image in the tab order, the pie hidden with nothing focusable', async () => {
    renderAdmin('/admin');
    const line = await screen.findByRole('img', { name: 'Revenue by month, line chart' });
    expect(line.tagName).toBe('svg');
    expect(line).toHaveAttribute('tabindex', '0');
    expect(line.closest('[aria-hidden="true"]')).toBeNull();

    const pie = screen.getByTestId('status-chart');
    expect(pie).toHaveAttribute('aria-hidden', 'true');
    // Drawn: one sector per status, in the statuses' colours.
    expect(Array.from(pie.querySelectorAll('svg.recharts-surface path.recharts-sector'), (s) => s.getAttribute('fill'))).toEqual([
      STATUS_COLORS.pending,
      STATUS_COLORS.shipped,
      STATUS_COLORS.delivered,
      STATUS_COLORS.canceled,
    ]);
    expect(tabStops(pie)).toEqual([]);
    // The legend shows each status's count, so nobody needs the pie's hover tooltip.
    expect(within(pie).getByText('Pending: 3')).toBeInTheDocument();
    expect(within(pie).getByText('Canceled: 1')).toBeInTheDocument();

    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("give screen readers every figure as a table", async () => {
    renderAdmin('/admin');
    await screen.findByRole('img', { name: 'Revenue by month, line chart' });
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue by month' }))).toEqual([
      'Month | Revenue',
      'Jun | $0.00',
      'Jul | $10.00',
      'Aug | $20.00',
      'Sep | $30.00',
      'Oct | $40.00',
      'Nov | $50.00',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Orders by status' }))).toEqual([
      'Status | Orders',
      'Pending | 3',
      'Shipped | 4',
      'Delivered | 4',
      'Canceled | 1',
    ]);
  });

  it("let keyboard users read each month's revenue: Tab to the chart, then the arrow keys", async () => {
    const { user } = renderAdmin('/admin');
    const line = await screen.findByRole('img', { name: 'Revenue by month, line chart' });
    await tabTo(user, line);
    await user.keyboard('{ArrowRight}');
    const tip = await within(line.closest('figure')!).findByRole('status');
    expect(tip).toHaveTextContent('Jul');
    expect(tip).toHaveTextContent('$10.00');
  });

  it('are axe-clean without orders, the pie replaced by a note', async () => {
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ ...stats, statusCounts: {} })));
    renderAdmin('/admin');
    await screen.findByRole('img', { name: 'Revenue by month, line chart' });
    expect(screen.getByText('No orders yet')).toBeVisible();
    expect(screen.queryByTestId('status-chart')).not.toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe('the reports chart', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/admin/reports', () => HttpResponse.json(report)),
      http.get('/api/admin/audit', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
  });

  it('is axe-clean drawn, a named image in the tab order with its figures as a table', async () => {
    renderAdmin('/admin/reports');
    const bars = await screen.findByRole('img', { name: 'Revenue per day, bar chart' });
    expect(bars.tagName).toBe('svg');
    expect(bars).toHaveAttribute('tabindex', '0');
    expect(bars.closest('[aria-hidden="true"]')).toBeNull();
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue per day' }))).toEqual([
      'Day | Revenue',
      'Nov 1, 2026 | $0.00',
      'Nov 2, 2026 | $120.50',
      'Nov 3, 2026 | $64.00',
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("lets keyboard users read each day's revenue with the arrow keys", async () => {
    const { user } = renderAdmin('/admin/reports');
    const bars = await screen.findByRole('img', { name: 'Revenue per day, bar chart' });
    await tabTo(user, bars);
    await user.keyboard('{ArrowRight}');
    const tip = await within(bars.closest('figure')!).findByRole('status');
    expect(tip).toHaveTextContent('Nov 2');
    expect(tip).toHaveTextContent('$120.50');
  });
});
