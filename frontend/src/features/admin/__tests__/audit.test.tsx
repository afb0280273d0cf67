import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import type { AuditEntry } from '@/lib/types';
import { auditActionLabel, auditChanges, formatAuditValue } from '../reports/audit';
import { renderAdmin, stubResizeObserver } from './helpers';

beforeAll(async () => {
  stubResizeObserver();
  await import('../AdminRoutes');
  await import('../reports/components/ReportsPage');
  await import('../reports/components/RevenueChart');
});

beforeEach(() => {
  server.use(
    http.get('/api/admin/reports', () =>
      HttpResponse.json({
        days: 30,
        from: '2026-10-23T00:00:00Z',
        to: '2026-11-21T23:59:59Z',
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
});

let seq = 0;
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  seq += 1;
  return {
    id: `audit-${seq}`,
    at: '2026-11-21T14:05:00Z',
    actorId: 'a0000001',
    actorEmail: 'sahra@example.com',
    actorName: 'Sahra Ali',
    actorRole: 'stock',
    action: 'product.update',
    entity: 'product',
    entityId: `p-${seq}`,
    before: null,
    after: null,
    ...overrides,
  };
}

const priceChange = entry({
  id: 'e-price',
  action: 'product.update',
  entityId: '0193ab12-price',
  before: { name: 'Floral Summer Dress', price: 24, stock: 12, tags: ['new', 'dress'] },
  after: { name: 'Floral Summer Dress', price: 19.5, stock: 12, tags: ['dress'] },
});
const statusChange = entry({
  id: 'e-status',
  at: '2026-11-21T13:00:00Z',
  actorId: 'a0000002',
  actorEmail: 'omar@example.com',
  actorName: 'Omar Nur',
  actorRole: 'orders',
  action: 'order.status',
  entity: 'order',
  entityId: '0193cd34-order',
  before: { status: 'pending' },
  after: { status: 'shipped' },
});
const settings = entry({
  id: 'e-settings',
  action: 'settings.update',
  entity: 'settings',
  entityId: null,
  before: { shippingFee: 5, shopName: 'Dukaan Fashion' },
  after: { shippingFee: 4.5, shopName: 'Dukaan Fashion' },
});

/** Serves `all` a page at a time like the server; records the pages asked for. */
function serveAudit(all: AuditEntry[], { total = true }: { total?: boolean } = {}) {
  const asked: { page: string | null; limit: string | null; auth: string | null; actor?: string }[] = [];
  server.use(
    http.get('/api/admin/audit', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '20');
      const actor = url.searchParams.get('actor');
      asked.push({ page: url.searchParams.get('page'), limit: url.searchParams.get('limit'), auth: request.headers.get('authorization'), ...(actor ? { actor } : {}) });
      const kept = actor ? all.filter((e) => e.actorId === actor) : all;
      const slice = kept.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(slice, { headers: total ? { 'X-Total-Count': String(kept.length) } : {} });
    }),
    http.get('/api/admin/audit/actors', () =>
      HttpResponse.json([
        { _id: 'a0000002', email: 'omar@example.com', name: 'Omar Nur', role: 'orders' },
        { _id: 'a0000001', email: 'sahra@example.com', name: 'Sahra Ali', role: 'stock' },
      ]),
    ),
  );
  return asked;
}

const section = () => screen.getByRole('region', { name: 'Admin activity' });
const entries = () => within(section()).getAllByTestId('audit-entry');

describe('admin activity on the reports screen', () => {
  it('lists time, who, the action, the entity id and what changed, newest first', async () => {
    const asked = serveAudit([priceChange, statusChange, settings]);
    renderAdmin('/admin/reports');
    expect(await screen.findByText('Loading admin activity...')).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(asked[0]).toEqual({ page: '1', limit: '20', auth: 'Bearer test-token' });

    const [first, second, third] = entries().map((e) => within(e));
    expect(first.getByText('Updated a product')).toBeInTheDocument();
    expect(first.getByText('sahra@example.com')).toBeInTheDocument();
    expect(first.getByText('Sahra Ali', { exact: false })).toHaveTextContent('Sahra Ali (Stock keeper)');
    expect(first.getByText('0193ab12-price')).toBeInTheDocument();
    const time = entries()[0].querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T14:05:00Z');
    expect(time?.textContent).toMatch(/Nov 21, 2026/);
    const changes = first.getByRole('list', { name: 'Changes' });
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'price: 24 → changed to 19.5',
      'tags: new, dress → changed to dress',
    ]);
    expect(second.getByText('Changed an order status')).toBeInTheDocument();
    expect(second.getByText('omar@example.com')).toBeInTheDocument();
    expect(second.getByText(/status:/).closest('li')).toHaveTextContent('status: pending → changed to shipped');
    expect(third.getByText('Updated the shop settings')).toBeInTheDocument();
    expect(third.getByText('Settings')).toBeInTheDocument();
    expect(third.getByText(/shippingFee:/).closest('li')).toHaveTextContent('shippingFee: 5 → changed to 4.5');
    expect(within(section()).getByText('1–3 of 3')).toBeInTheDocument();
    // one page only: no pager
    expect(within(section()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('reads one person\'s changes, chosen by name and role, from the first page', async () => {
    const asked = serveAudit([priceChange, statusChange, settings]);
    const { user } = renderAdmin('/admin/reports');
    await waitFor(() => expect(entries()).toHaveLength(3));
    const person = within(section()).getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(person).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everyone', 'Omar Nur (Order handler)', 'Sahra Ali (Stock keeper)']));
    await user.selectOptions(person, 'Omar Nur (Order handler)');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(within(entries()[0]).getByText('Changed an order status')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ page: '1', limit: '20', auth: 'Bearer test-token', actor: 'a0000002' });
    expect(within(section()).getByText('1–1 of 1')).toBeInTheDocument();
    await user.selectOptions(person, 'Everyone');
    await waitFor(() => expect(entries()).toHaveLength(3));
  });

  it('pages with Previous and Next using X-Total-Count', async () => {
    const all = Array.from({ length: 45 }, (_, i) =>
      entry({ id: `bulk-${i}`, action: 'user.update', entity: 'user', entityId: `user-${i}`, before: { name: `Old ${i}` }, after: { name: `New ${i}` } }),
    );
    const asked = serveAudit(all);
    const { user } = renderAdmin('/admin/reports');
    await waitFor(() => expect(entries()).toHaveLength(20));
    const prev = within(section()).getByRole('button', { name: 'Previous' });
    const next = within(section()).getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(within(section()).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(section()).getByText('user-0')).toBeInTheDocument();

    await user.click(next);
    await waitFor(() => expect(within(section()).getByText('user-20')).toBeInTheDocument());
    expect(within(section()).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(section()).getByText('21–40 of 45')).toBeInTheDocument();
    expect(prev).toBeEnabled();

    await user.click(next);
    await waitFor(() => expect(entries()).toHaveLength(5));
    expect(within(section()).getByText('user-44')).toBeInTheDocument();
    expect(next).toBeDisabled();

    await user.click(prev);
    await waitFor(() => expect(within(section()).getByText('user-20')).toBeInTheDocument());
    expect(asked.map((a) => a.page)).toEqual(['1', '2', '3']); // page 2 came from the cache
  });

  it('without X-Total-Count, offers Next while pages are full', async () => {
    const all = Array.from({ length: 20 }, (_, i) => entry({ id: `full-${i}`, entityId: `prod-${i}` }));
    serveAudit(all, { total: false });
    const { user } = renderAdmin('/admin/reports');
    await waitFor(() => expect(entries()).toHaveLength(20));
    expect(within(section()).getByText('Page 1')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Next' }));
    expect(await within(section()).findByText('No more activity')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when there is no activity yet', async () => {
    serveAudit([]);
    renderAdmin('/admin/reports');
    expect(await screen.findByText('No admin activity yet')).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('shows an error with Try Again, which loads the trail again', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/audit', () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json([statusChange], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { user } = renderAdmin('/admin/reports');
    const alert = await within(await screen.findByRole('region', { name: 'Admin activity' })).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load admin activity.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('audit entry text', () => {
  it('labels every known action and passes unknown ones through', () => {
    expect(
      ['product.create', 'product.delete', 'order.payment', 'user.create', 'user.delete'].map(auditActionLabel),
    ).toEqual(['Created a product', 'Deleted a product', 'Changed an order payment', 'Created a user', 'Deleted a user']);
    expect(['zone.create', 'zone.update'].map(auditActionLabel)).toEqual(['Added a delivery zone', 'Changed a delivery zone']);
    expect(auditActionLabel('coupon.create')).toBe('coupon.create');
  });

  it('lists each key whose value differs; created and deleted entities show every field against nothing', () => {
    expect(auditChanges({ before: null, after: { name: 'Kids Sneakers', price: 15 } })).toEqual([
      { key: 'name', before: '—', after: 'Kids Sneakers' },
      { key: 'price', before: '—', after: '15' },
    ]);
    expect(auditChanges({ before: { role: 'user', email: 'a@x.so' }, after: null })).toEqual([
      { key: 'role', before: 'user', after: '—' },
      { key: 'email', before: 'a@x.so', after: '—' },
    ]);
    expect(
      auditChanges({
        before: { paymentStatus: 'pending', transactionId: null, address: { city: 'Hargeisa' }, isFeatured: false },
        after: { paymentStatus: 'paid', transactionId: 'EVC-1', address: { city: 'Hargeisa' }, isFeatured: true },
      }),
    ).toEqual([
      { key: 'paymentStatus', before: 'pending', after: 'paid' },
      { key: 'transactionId', before: '—', after: 'EVC-1' },
      { key: 'isFeatured', before: 'false', after: 'true' },
    ]);
    expect(auditChanges({ before: { a: null }, after: {} })).toEqual([]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it('shortens long values and writes objects as JSON', () => {
    expect(formatAuditValue('x'.repeat(200))).toHaveLength(80);
    expect(formatAuditValue({ city: 'Hargeisa' })).toBe('{"city":"Hargeisa"}');
    expect(formatAuditValue([])).toBe('(none)');
  });
});
