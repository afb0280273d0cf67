import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import type { Report } from '@/lib/types';
import { dayLabel } from '../lib/charts';
import { renderAdmin, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await import('../reports/components/ReportsPage');
  await import('../reports/components/RevenueChart');
});
afterEach(() => vi.unstubAllGlobals());
// The admin activity below the report has its own tests (audit.test.tsx).
beforeEach(() => {
  server.use(
    http.get('/api/admin/audit', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('/api/admin/audit/actors', () => HttpResponse.json([])),
  );
});

const report = (days: number): Report => ({
  days,
  from: '2026-10-23T00:00:00Z',
  to: '2026-11-21T23:59:59Z',
  totalSales: days === 7 ? 99 : 530,
  orders: days === 7 ? 2 : 12,
  newUsers: days === 7 ? 1 : 4,
  averageOrderValue: days === 7 ? 49.5 : 44.17,
  revenueByDay: Array.from({ length: days }, (_, i) => ({ date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`, revenue: i })),
  topProducts:
    days === 7
      ? []
      : [
          { name: 'Floral Summer Dress', quantity: 9, revenue: 216 },
          { name: 'Kids Sneakers', quantity: 4, revenue: 60 },
        ],
  discountsGiven: days === 7 ? 0 : 86.4,
  discountCodes:
    days === 7
      ? []
      : [
          { code: 'EID-2026', orders: 14, amount: 80.4 },
          { code: 'FREESHIP', orders: 3, amount: 0 },
          { code: 'WELCOME5', orders: 1, amount: 6 },
        ],
});

function serveReports() {
  const asked: string[] = [];
  server.use(
    http.get('/api/admin/reports', ({ request }) => {
      const days = new URL(request.url).searchParams.get('days') ?? '';
      asked.push(days);
      return HttpResponse.json(report(Number(days)));
    }),
  );
  return asked;
}

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('admin reports', () => {
  it('loads the last 30 days by default and switches period', async () => {
    const asked = serveReports();
    const { user } = renderAdmin('/admin/reports');
    expect(await screen.findByText('Loading reports...')).toBeInTheDocument();
    await screen.findByText('Total sales');
    expect(card('Total sales')).toHaveTextContent('$530.00');
    expect(card('Orders')).toHaveTextContent('12');
    expect(card('New users')).toHaveTextContent('4');
    expect(card('Average order value')).toHaveTextContent('$44.17');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Revenue per day', { selector: 'figcaption' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('top-product');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Floral Summer Dress')).toBeInTheDocument();
    expect(within(rows[0]).getByText('9')).toBeInTheDocument();
    expect(within(rows[0]).getByText('$216.00')).toBeInTheDocument();
    expect(card('Discounts given')).toHaveTextContent('$86.40');
    const codes = within(screen.getByRole('region', { name: 'Discount codes' }));
    expect(codes.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Orders', 'Amount']);
    expect(codes.getAllByTestId('discount-code-row').map((row) => row.textContent)).toEqual([
      'EID-202614$80.40',
      'FREESHIP3$0.00',
      'WELCOME51$6.00',
    ]);

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(card('Total sales')).toHaveTextContent('$99.00'));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('No products sold in this period')).toBeInTheDocument();
    expect(card('Discounts given')).toHaveTextContent('$0.00');
    expect(screen.getByText('No discount codes used in this period')).toBeInTheDocument();
    expect(asked).toEqual(['30', '7']);
  });

  it("downloads the period's orders as CSV with the bearer token", async () => {
    serveReports();
    const seen: { auth: string | null; days: string | null }[] = [];
    server.use(
      http.get('/api/admin/orders/export.csv', ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), days: new URL(request.url).searchParams.get('days') });
        return new HttpResponse('id,total\n1,53.00\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="orders-90-days.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:orders');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const { user } = renderAdmin('/admin/reports');
    await screen.findByText('Total sales');
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await findToast('Downloaded orders-90-days.csv');
    expect(seen).toEqual([{ auth: 'Bearer test-token', days: '90' }]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked[0].download).toBe('orders-90-days.csv');
    expect(clicked[0].href).toBe('blob:orders');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:orders'));
  });

  it('shows the server message when the export is refused', async () => {
    serveReports();
    server.use(http.get('/api/admin/orders/export.csv', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    const { user } = renderAdmin('/admin/reports');
    await screen.findByText('Total sales');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await findToast('Forbidden');
  });

  it('shows an error with Try Again when the report fails to load', async () => {
    server.use(http.get('/api/admin/reports', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/reports');
    await findToast('Failed to load reports. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("says the days its chart shows: the server's days (East Africa Time) as they are, whatever the time zone", async () => {
    // A week of East Africa days: it began at midnight in Mogadishu, 21:00 UTC the evening before.
    const days = ['2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
    server.use(
      http.get('/api/admin/reports', () =>
        HttpResponse.json({
          ...report(7),
          from: '2026-11-11T21:00:00+00:00',
          to: '2026-11-18T09:00:00+00:00',
          revenueByDay: days.map((date, i) => ({ date, revenue: i })),
        }),
      ),
    );
    renderAdmin('/admin/reports');
    expect(await screen.findByText('Nov 12, 2026 – Nov 18, 2026')).toBeInTheDocument();
    const figures = within(screen.getByRole('table', { name: 'Revenue per day' }));
    expect(figures.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
      'Nov 12, 2026',
      'Nov 13, 2026',
      'Nov 14, 2026',
      'Nov 15, 2026',
      'Nov 16, 2026',
      'Nov 17, 2026',
      'Nov 18, 2026',
    ]);
  });
});

describe('a report day as the chart writes it', () => {
  it('is the very day the server names, first and last of a month and a year alike', () => {
    expect(dayLabel('2026-11-02')).toBe('Nov 2');
    expect(dayLabel('2026-11-30', true)).toBe('Nov 30, 2026');
    expect(dayLabel('2026-12-01', true)).toBe('Dec 1, 2026');
    expect(dayLabel('2027-01-01', true)).toBe('Jan 1, 2027');
    expect(dayLabel('2026-12-31')).toBe('Dec 31');
    // Not a day: left as it is.
    expect(dayLabel('2026-02-30')).toBe('2026-02-30');
    expect(dayLabel('Week 47')).toBe('Week 47');
  });

  it('does not move to the day before in a time zone behind UTC: the day is held at noon and written in UTC', () => {
    // UTC midnight of Nov 2 written in a browser's own zone is Nov 1 in America.
    const write = vi.spyOn(Date.prototype, 'toLocaleDateString');
    expect(dayLabel('2026-11-02')).toBe('Nov 2');
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0][1]).toMatchObject({ timeZone: 'UTC' });
    expect((write.mock.contexts[0] as Date).toISOString()).toBe('2026-11-02T12:00:00.000Z');
  });
});

