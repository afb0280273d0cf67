/**
 * Reconciliation (/admin/payments/reconciliation, issue 61): a day's payments per provider and
 * currency, approved, refunded, held (when any) and net exactly as the server sums them, with the
 * attempts (order links, states in words); the server's today without `?date=`, another day
 * chosen sent as `date` and kept in the URL; an empty day; a failed load with Try Again; the
 * day's CSV fetched with the token; only for whoever reads money (an order handler does not).
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reconciliation } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { currentUrl, paramsOf, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await Promise.all([import('../payments/components/ReconciliationPage'), import('../payments/components/PaymentsPage')]);
});

const PATH = '/admin/payments/reconciliation';
const API = '/api/admin/payments/reconciliation';
const ORDER_A = 'cafe1234-0000-7000-8000-00000000beef';
const ORDER_B = 'beef5678-0000-7000-8000-000000000001';
const ORDER_C = 'dddd0000-0000-7000-8000-000000000002';

const day: Reconciliation = {
  date: '2026-12-01',
  providers: [
    {
      provider: 'waafipay',
      currency: 'USD',
      approved: 120.5,
      refunded: 30,
      held: 0,
      net: 90.5,
      attempts: [
        { orderId: ORDER_A, orderNumber: '#cafe1234', attemptId: 'pa-1', state: 'approved', amount: 90.5 },
        { orderId: ORDER_B, orderNumber: '#beef5678', attemptId: 'pa-2', state: 'refunded', amount: 30 },
      ],
    },
    {
      provider: 'edahab',
      currency: 'USD',
      approved: 12.5,
      refunded: 0,
      held: 0.01,
      net: 12.5,
      attempts: [
        { orderId: ORDER_C, orderNumber: '#dddd0000', attemptId: 'pa-3', state: 'approved', amount: 12.5 },
        { orderId: ORDER_B, orderNumber: '#beef5678', attemptId: 'pa-4', state: 'mismatched', amount: 0.01 },
      ],
    },
    {
      provider: 'waafipay-card',
      currency: 'SOS',
      approved: 57000,
      refunded: 0,
      held: 0,
      net: 57000,
      attempts: [{ orderId: ORDER_A, orderNumber: '#cafe1234', attemptId: 'pa-5', state: 'late', amount: 57000 }],
    },
  ],
};
const emptyDay = (date: string): Reconciliation => ({ date, providers: [] });

/** Serves the reconciliation; returns the query of every request. */
function serveDay(reply: (date: string | null) => Response) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(API, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return reply(query.get('date'));
    }),
  );
  return asked;
}

const card = (name: string) => screen.getByRole('region', { name });
/** A card's figures, label to amount, in the order shown. */
const figures = (region: HTMLElement) =>
  [...region.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const attemptCells = (region: HTMLElement) =>
  within(region)
    .getAllByTestId('reconciled-attempt')
    .map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));

describe('admin payments reconciliation', () => {
  it("shows the server's day per provider and currency: its totals exactly, and the attempts with their orders and states", async () => {
    const asked = serveDay(() => HttpResponse.json(day));
    renderAdmin(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeInTheDocument();
    await screen.findAllByTestId('reconciliation-provider');
    expect(document.title).toContain('Reconciliation');
    // No day in the address: the server decides which day is today.
    expect(asked.map(paramsOf)).toEqual([{}]);
    expect(screen.getByLabelText('Day')).toHaveValue('2026-12-01');
    // Under Payments in the sidebar.
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');

    expect(screen.getAllByTestId('reconciliation-provider').map((c) => c.querySelector('h2')?.textContent)).toEqual([
      'WaafiPay (mobile wallets) USD',
      'eDahab USD',
      'WaafiPay (cards) SOS',
    ]);
    const wallets = card('WaafiPay (mobile wallets) USD');
    expect(figures(wallets)).toEqual([
      ['Approved', '$120.50'],
      ['Refunded', '$30.00'],
      ['Net', '$90.50'],
    ]);
    expect(within(wallets).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Order', 'State', 'Amount']);
    expect(attemptCells(wallets)).toEqual([
      ['#cafe1234', 'Approved', '$90.50'],
      ['#beef5678', 'Paid after the order was closed: refunded', '$30.00'],
    ]);
    expect(within(wallets).getByRole('link', { name: '#cafe1234' })).toHaveAttribute('href', `/admin/orders/${ORDER_A}`);
    expect(within(wallets).getByRole('link', { name: '#beef5678' })).toHaveAttribute('href', `/admin/orders/${ORDER_B}`);
    expect(within(wallets).getByRole('region', { name: 'Payments of WaafiPay (mobile wallets) in USD table' })).toBeInTheDocument();

    // Held only where some is, and said what it is.
    const edahab = card('eDahab USD');
    expect(figures(edahab)).toEqual([
      ['Approved', '$12.50'],
      ['Refunded', '$0.00'],
      ['Held', '$0.01'],
      ['Net', '$12.50'],
    ]);
    expect(edahab).toHaveTextContent('Held: approved for another amount than asked.');
    expect(wallets).not.toHaveTextContent('Held:');
    expect(attemptCells(edahab)).toEqual([
      ['#dddd0000', 'Approved', '$12.50'],
      ['#beef5678', 'Another amount: check it', '$0.01'],
    ]);

    // Another currency by its code.
    const cards = card('WaafiPay (cards) SOS');
    expect(figures(cards)).toEqual([
      ['Approved', '57000.00 SOS'],
      ['Refunded', '0.00 SOS'],
      ['Net', '57000.00 SOS'],
    ]);
    expect(attemptCells(cards)).toEqual([['#cafe1234', 'Paid after close: refunding', '57000.00 SOS']]);
    expect(await axeViolations()).toEqual([]);
  });

  it('is opened from the Payments page, and leads back to it', async () => {
    serveList('/api/admin/payments', () => ({ rows: [] }));
    serveDay(() => HttpResponse.json(day));
    const { user } = renderAdmin('/admin/payments');
    await user.click(await screen.findByRole('link', { name: 'Reconciliation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeInTheDocument();
    expect(currentUrl()).toBe(PATH);
    await user.click(screen.getByRole('link', { name: 'Back to payments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
  });

  it('asks for the day in the address, and for the day chosen, which the address keeps; an empty day says so', async () => {
    const asked = serveDay((date) => HttpResponse.json(date === '2026-11-20' ? day : emptyDay(date ?? '2026-12-01')));
    const { user } = renderAdmin(`${PATH}?date=2026-11-20`);
    await screen.findByRole('region', { name: 'eDahab USD' });
    expect(asked.map(paramsOf)).toEqual([{ date: '2026-11-20' }]);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('2026-11-20');
    expect(input).toHaveAttribute('type', 'date');

    await user.clear(input);
    await user.type(input, '2026-11-25');
    expect(await screen.findByRole('heading', { name: 'No payments that day' })).toBeInTheDocument();
    expect(screen.getByText('No money came in or went back on this day. Choose another day.')).toBeInTheDocument();
    expect(screen.queryByTestId('reconciliation-provider')).not.toBeInTheDocument();
    expect(asked.map(paramsOf).at(-1)).toEqual({ date: '2026-11-25' });
    // Only whole days are asked for: nothing while the field was cleared.
    expect(asked.map(paramsOf)).toEqual([{ date: '2026-11-20' }, { date: '2026-11-25' }]);
    expect(currentUrl()).toBe(`${PATH}?date=2026-11-25`);
    expect(screen.getByLabelText('Day')).toHaveValue('2026-11-25');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a failed load as an alert, and Try Again asks again', async () => {
    let fail = true;
    const asked = serveDay(() => (fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json(day)));
    const { user } = renderAdmin(PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server error');
    const before = asked.length;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'eDahab USD' })).toBeInTheDocument();
    expect(asked).toHaveLength(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says the day could not be loaded when the server gives no reason", async () => {
    serveDay(() => new HttpResponse(null, { status: 502 }));
    renderAdmin(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the reconciliation. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("downloads the day shown as CSV with the bearer token, under the server's name", async () => {
    serveDay(() => HttpResponse.json(day));
    const seen: { auth: string | null; query: Record<string, string> }[] = [];
    server.use(
      http.get(`${API}.csv`, ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), query: paramsOf(new URL(request.url).searchParams) });
        return new HttpResponse('date,provider,currency,order_number,order_id,attempt_id,state,amount\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="payments-2026-12-01.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:payments');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const { user } = renderAdmin(PATH);
    await screen.findByRole('region', { name: 'eDahab USD' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await findToast('Downloaded payments-2026-12-01.csv');
    // The day the server showed, so the file is the day on screen.
    expect(seen).toEqual([{ auth: 'Bearer test-token', query: { date: '2026-12-01' } }]);
    expect(clicked.map((a) => [a.download, a.href])).toEqual([['payments-2026-12-01.csv', 'blob:payments']]);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:payments'));
  });

  it("shows the server's refusal of the CSV", async () => {
    serveDay(() => HttpResponse.json(day));
    server.use(http.get(`${API}.csv`, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    const { user } = renderAdmin(`${PATH}?date=2026-11-20`);
    await screen.findByRole('region', { name: 'eDahab USD' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await findToast('Forbidden')).toBeInTheDocument();
  });

  it('is the access-denied page for an order handler, and asks nothing', async () => {
    const asked = serveDay(() => HttpResponse.json(day));
    renderAdmin(PATH, makeUser({ role: 'orders', name: 'Faisal Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reconciliation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });
});
