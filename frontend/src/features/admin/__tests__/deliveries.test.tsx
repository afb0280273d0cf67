/**
 * Dispatch (issue 43): the Deliveries page's tabs, filters and server paging; sending picked
 * orders out with a rider (the toast, the server's 409 and field errors); resetting a locked
 * code; the Cash badge for whoever sees no amounts; a rider's printable run sheet.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Rider } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { deliveryCitiesOf, makeOrder, makeOrderDelivery, makeOrderDetail, makeUser, shopZones } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { currentUrl, paramsOf, recordJson, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../deliveries/components/DeliveriesPage');
  await import('../deliveries/components/RunSheetPage');
  await import('../orders/components/OrderPage');
});

const RIDERS: Rider[] = [
  { _id: 'r1', name: 'Abdi Warsame', phone: '252617770001' },
  { _id: 'r2', name: 'Cali Rider', phone: '252617770002' },
];

function serveCommon() {
  server.use(
    http.get('/api/admin/riders', () => HttpResponse.json(RIDERS)),
    http.get('/api/delivery/zones', () => HttpResponse.json(deliveryCitiesOf(shopZones()))),
  );
}

const orderHandler = () => makeUser({ role: 'orders', name: 'Hodan Orders' });
const rows = () => screen.getAllByTestId('delivery-row');
const cash = makeOrder({ _id: 'o-cash-0001', paymentMethod: 'cash-on-delivery', paymentStatus: 'pending', totalAmount: 53 });
const paid = makeOrder({ _id: 'o-paid-0002', shippingAddress: { ...makeOrder().shippingAddress!, fullName: 'Faadumo Nur', landmark: 'Behind KM4 petrol station' } });

describe('admin deliveries', () => {
  it('lists the orders to dispatch with address, landmark and cash, filtered by city, district and rider in the URL', async () => {
    serveCommon();
    const requests = serveList<Order>('/api/admin/deliveries', () => ({ rows: [cash, paid], total: 2 }));
    const { user } = renderAdmin('/admin/deliveries');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Deliveries' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'To dispatch' })).toHaveAttribute('aria-pressed', 'true');
    expect(paramsOf(requests[0])).toEqual({ status: 'toDispatch', page: '1', limit: '20' });
    const first = within(rows()[0]);
    expect(first.getByText('Landmark: Near the Hodan market mosque')).toBeInTheDocument();
    expect(first.getByText('Hodan, Mogadishu')).toBeInTheDocument();
    expect(first.getByTestId('cash-to-collect')).toHaveTextContent('$53.00');
    expect(within(rows()[1]).getByTestId('cash-to-collect')).toHaveTextContent('None');
    expect(within(rows()[1]).getByText('Landmark: Behind KM4 petrol station')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Mogadishu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rider' }), 'Cali Rider');
    await waitFor(() => expect(currentUrl()).toBe('/admin/deliveries?city=Mogadishu&district=Hodan&riderId=r2'));
    await waitFor(() =>
      expect(paramsOf(requests.at(-1))).toEqual({ status: 'toDispatch', city: 'Mogadishu', district: 'Hodan', riderId: 'r2', page: '1', limit: '20' }),
    );
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(paramsOf(requests.at(-1))).toMatchObject({ status: 'failed' }));
    expect(await axeViolations()).toEqual([]);
  });

  it('sends the picked orders out with a rider', async () => {
    serveCommon();
    serveList<Order>('/api/admin/deliveries', () => ({ rows: [cash, paid] }));
    const calls = recordJson('post', '/api/admin/deliveries', () => HttpResponse.json([{ ...cash, status: 'shipped' }, { ...paid, status: 'shipped' }]));
    const { user } = renderAdmin('/admin/deliveries');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const send = screen.getByRole('button', { name: 'Send out (0)' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Send out (2)' }));
    expect(screen.getByRole('combobox', { name: 'Send with rider' })).toHaveAccessibleDescription('Choose a rider');
    expect(calls).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send with rider' }), 'Abdi Warsame');
    await user.click(screen.getByRole('button', { name: 'Send out (2)' }));
    expect(await findToast('2 orders sent out with Abdi Warsame')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ orderIds: [cash._id, paid._id], riderId: 'r1' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send out (0)' })).toBeDisabled());
  });

  it("shows the server's refusal: one order out with another rider (409)", async () => {
    serveCommon();
    serveList<Order>('/api/admin/deliveries', () => ({ rows: [cash] }));
    recordJson('post', '/api/admin/deliveries', () =>
      HttpResponse.json({ message: 'Order o-cash-0001 is out with another rider' }, { status: 409 }),
    );
    const { user } = renderAdmin('/admin/deliveries');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: /^Select order/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send with rider' }), 'Cali Rider');
    await user.click(screen.getByRole('button', { name: 'Send out (1)' }));
    expect(await findToast('Order o-cash-0001 is out with another rider')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send out (1)' })).toBeEnabled();
  });

  it('shows a Cash badge to an order handler, who sees no amounts, and resets a locked code on Out', async () => {
    serveCommon();
    const { totalAmount: _total, ...noAmounts } = cash;
    const locked = { ...noAmounts, status: 'shipped', delivery: makeOrderDelivery({ codeLocked: true }) } as Order;
    serveList<Order>('/api/admin/deliveries', () => ({ rows: [locked] }));
    const calls = recordJson('post', `/api/admin/deliveries/${cash._id}/code-reset`, () =>
      HttpResponse.json({ ...locked, delivery: makeOrderDelivery() }),
    );
    const { user } = renderAdmin('/admin/deliveries?status=out', orderHandler());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const row = within(rows()[0]);
    expect(row.getByTestId('cash-badge')).toHaveTextContent('Cash');
    expect(row.getByText('Abdi')).toBeInTheDocument();
    expect(row.getByTestId('code-locked')).toHaveTextContent('Code locked');
    await user.click(row.getByRole('button', { name: /^Reset code/ }));
    expect(await findToast('Code reset: the rider may type it again')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('says when nothing waits, and offers to try again after a failure', async () => {
    serveCommon();
    let fail = true;
    server.use(
      http.get('/api/admin/deliveries', () => (fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }))),
    );
    const { user } = renderAdmin('/admin/deliveries');
    expect(await screen.findByText('Failed to load deliveries. Please try again.', { selector: 'p' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No orders waiting for a rider')).toBeInTheDocument();
  });

  it('is not for a stock keeper', async () => {
    renderAdmin('/admin/deliveries', makeUser({ role: 'stock' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});

describe("a rider's run sheet", () => {
  it("lists the rider's out orders with phone, address, landmark, cash and a signature column, and prints", async () => {
    serveCommon();
    const requests = serveList<Order>('/api/admin/deliveries', () => ({ rows: [cash, paid] }));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderAdmin('/admin/deliveries');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Run sheet' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Run sheet of' }), 'Abdi Warsame');
    await user.click(screen.getByRole('link', { name: 'Run sheet' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Run sheet: Abdi Warsame' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/admin/deliveries/run-sheet?riderId=r1');
    expect(paramsOf(requests.at(-1))).toEqual({ status: 'out', riderId: 'r1', page: '1', limit: '100' });
    const table = within(screen.getByRole('table', { name: 'Orders out with Abdi Warsame' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#', 'Order', 'Customer', 'Phone', 'Address', 'Landmark', 'Cash to collect', 'Signature',
    ]);
    const [first, second] = screen.getAllByTestId('run-sheet-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(first.slice(2)).toEqual(['Amina Hassan', '+252 61 555 1234', 'Maka Al Mukarama Road 12, Hodan, Mogadishu', 'Near the Hodan market mosque', '$53.00', '']);
    expect(second[2]).toBe('Faadumo Nur');
    // The rider's number as the back office writes numbers.
    expect(screen.getByText("Rider's phone").nextElementSibling).toHaveTextContent(/^\+252 \d{2} \d{3} \d{4}$/);
    expect(second[6]).toBe('');
    expect(table.getByRole('rowheader', { name: 'Cash to collect in all' }).nextElementSibling).toHaveTextContent('$53.00');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(await axeViolations()).toEqual([]);
    print.mockRestore();
  });
});

describe("an order's delivery on its back-office page", () => {
  it('shows the rider, state and attempts, and resets a locked code', async () => {
    const id = 'cafe1234-0000-7000-8000-00000000beef';
    let current = makeOrderDetail({
      _id: id,
      status: 'shipped',
      delivery: makeOrderDelivery({ codeLocked: true, attempts: [{ at: '2026-11-26T09:15:00Z', reason: 'refused' }] }),
    });
    server.use(
      http.get(`/api/orders/${id}`, () => HttpResponse.json(current)),
      http.get(`/api/orders/${id}/returns`, () => HttpResponse.json([])),
    );
    const calls = recordJson('post', `/api/admin/deliveries/${id}/code-reset`, () => {
      current = { ...current, delivery: makeOrderDelivery({ attempts: current.delivery!.attempts }) };
      return HttpResponse.json(current);
    });
    const { user } = renderAdmin(`/admin/orders/${id}`);
    const card = within(await screen.findByRole('region', { name: 'Delivery' }));
    expect(card.getAllByRole('definition').map((d) => d.textContent)).toEqual(['Abdi', '+252 61 777 0001', 'Out with the rider']);
    expect(card.getByTestId('delivery-attempts')).toHaveTextContent('Refused');
    expect(card.getByTestId('code-locked')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(card.getByRole('button', { name: 'Reset code' }));
    expect(await findToast('Code reset: the rider may type it again')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(card.queryByTestId('code-locked')).not.toBeInTheDocument());
  });
});
