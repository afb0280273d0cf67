import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { screen, waitFor, within } from '@/testing/test-utils';
import { formatDateTime } from '@/lib/format';
import type { AuditEntry } from '@/lib/types';
import { auditActionLabel, auditChanges, auditFieldName, auditSubject, formatAuditValue, shortId } from '../reports/audit';
import { adminUser, renderAdmin, stubResizeObserver } from './helpers';

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
    // What it was done to, by its name: not its id.
    expect(first.getByTestId('audit-subject')).toHaveTextContent(/^Product Floral Summer Dress$/);
    const time = entries()[0].querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T14:05:00Z');
    expect(time?.textContent).toMatch(/Nov 21, 2026/);
    const changes = first.getByRole('list', { name: 'Changes' });
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Price: $24.00 → changed to $19.50',
      'Tags: new, dress → changed to dress',
    ]);
    expect(second.getByText('Changed an order status')).toBeInTheDocument();
    expect(second.getByText('omar@example.com')).toBeInTheDocument();
    expect(second.getByText(/Status:/).closest('li')).toHaveTextContent('Status: Pending → changed to Shipped');
    // An order's entry names no number: a link to its page.
    expect(second.getByRole('link', { name: 'Open the order (0193cd34-order)' })).toHaveAttribute('href', '/admin/orders/0193cd34-order');
    expect(third.getByText('Updated the shop settings')).toBeInTheDocument();
    expect(third.getByText('Settings')).toBeInTheDocument();
    expect(third.getByText(/Delivery fee:/).closest('li')).toHaveTextContent('Delivery fee: $5.00 → changed to $4.50');
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
    const subjects = () => within(section()).getAllByTestId('audit-subject').map((p) => p.textContent);
    expect(subjects()[0]).toBe('User New 0');

    await user.click(next);
    await waitFor(() => expect(subjects()[0]).toBe('User New 20'));
    expect(within(section()).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(section()).getByText('21–40 of 45')).toBeInTheDocument();
    expect(prev).toBeEnabled();

    await user.click(next);
    await waitFor(() => expect(entries()).toHaveLength(5));
    expect(subjects().at(-1)).toBe('User New 44');
    expect(next).toBeDisabled();

    await user.click(prev);
    await waitFor(() => expect(subjects()[0]).toBe('User New 20'));
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
      { key: 'name', label: 'Name', before: '—', after: 'Kids Sneakers' },
      { key: 'price', label: 'Price', before: '—', after: '$15.00' },
    ]);
    expect(auditChanges({ before: { role: 'user', email: 'a@x.so' }, after: null })).toEqual([
      { key: 'role', label: 'Role', before: 'Customer', after: '—' },
      { key: 'email', label: 'E-mail', before: 'a@x.so', after: '—' },
    ]);
    expect(
      auditChanges({
        before: { paymentStatus: 'pending', transactionId: null, address: { city: 'Hargeisa' }, isFeatured: false },
        after: { paymentStatus: 'paid', transactionId: 'EVC-1', address: { city: 'Hargeisa' }, isFeatured: true },
      }),
    ).toEqual([
      { key: 'paymentStatus', label: 'Payment', before: 'Pending', after: 'Paid' },
      { key: 'transactionId', label: 'Transaction', before: '—', after: 'EVC-1' },
      { key: 'isFeatured', label: 'Featured', before: 'No', after: 'Yes' },
    ]);
    expect(auditChanges({ before: { a: null }, after: {} })).toEqual([]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it('shortens long values and writes objects as their fields in words, never as JSON', () => {
    expect(formatAuditValue('x'.repeat(200))).toHaveLength(80);
    expect(formatAuditValue({ city: 'Hargeisa', postCode: 'H1' })).toBe('City: Hargeisa, Post code: H1');
    expect(formatAuditValue([{ size: 'M' }, { size: 'L' }], 'rows')).toBe('Size: M; Size: L');
    expect(formatAuditValue([])).toBe('(none)');
  });

  it('names every field in words, and writes an unknown one from its name', () => {
    expect(['shippingFee', 'supportPhone', 'cashOnDeliveryMax', 'etaDays', 'mustChangePassword', 'perCustomerLimit', 'toHandIn'].map(auditFieldName)).toEqual([
      'Delivery fee',
      'Support phone',
      'Most paid in cash on delivery',
      'Delivery time',
      'Must change password',
      'Uses per customer',
      'Still to hand in',
    ]);
    expect(auditFieldName('giftWrapNote')).toBe('Gift wrap note');
  });

  it('writes each value as the back office does: money, phones, days, sizes, pictures, statuses; ids short, never whole', () => {
    const uuid = '0193ab12-3456-7000-8000-00000000beef';
    const settingsChanges = auditChanges({
      before: { supportPhone: '252610000000', shippingFee: 5, cashOnDeliveryMax: 100 },
      after: { supportPhone: '+252 61 555 1234', shippingFee: 4.5, cashOnDeliveryMax: 150 },
    });
    expect(settingsChanges.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Support phone: +252 61 000 0000 → +252 61 555 1234',
      'Delivery fee: $5.00 → $4.50',
      'Most paid in cash on delivery: $100.00 → $150.00',
    ]);
    const product = auditChanges({
      before: { variants: [{ size: 'M', colour: 'Black', sku: 'A-M', stock: 5 }], image: '/uploads/0193-a.webp', colourImages: {}, discount: 0, category: 'women' },
      after: {
        variants: [{ size: 'M', colour: 'Black', sku: 'A-M', stock: 3 }, { size: 'L', colour: null, sku: 'A-L', stock: 0 }],
        image: '/uploads/0193-b.webp',
        colourImages: { Black: ['/a.webp', '/b.webp'], Sand: ['/c.webp'] },
        discount: 15,
        category: 'kids',
      },
    });
    expect(product.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Sizes: M · Black: 5 → M · Black: 3, L: 0',
      'Picture: A picture → A new picture',
      'Colour pictures: (none) → Black: 2 pictures, Sand: 1 picture',
      'Discount: 0% → 15%',
      'Category: Women → Kids',
    ]);
    const taken = auditChanges({
      before: null,
      after: { customer: uuid, channel: 'phone', items: [{ product: uuid, size: 'M', quantity: 2 }, { product: uuid, size: null, quantity: 1 }], total: 50, discountCode: null },
    });
    expect(taken.map((c) => `${c.label}: ${c.after}`)).toEqual([
      'Customer: …00beef',
      'Taken by: Staff, by phone or chat',
      'Items: 2 × size M, 1 × one size',
      'Total: $50.00',
    ]);
    const zone = auditChanges({ before: { etaDays: { min: 0, max: 0 }, served: true, fee: 2 }, after: { etaDays: { min: 1, max: 2 }, served: false, fee: 2.5 } });
    expect(zone.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual(['Delivery time: Same day → 1-2 days', 'Served: Yes → No', 'Delivery fee: $2.00 → $2.50']);
    const code = auditChanges({ before: null, after: { code: 'EID-2026', kind: 'percent', value: 15, startsAt: '2026-11-20T09:00:00Z', usageLimit: null } });
    expect(code.map((c) => `${c.label}: ${c.after}`)).toEqual(['Code: EID-2026', 'Kind: Percent off', 'Value: 15%', `Starts: ${formatDateTime('2026-11-20T09:00:00Z')}`]);
    const cash = auditChanges({ before: null, after: { rider: 'Abdi', day: '2026-11-20', deliveries: 3, handedIn: 24, collected: 58, toHandIn: 34 } });
    expect(cash.map((c) => `${c.label}: ${c.after}`)).toEqual([
      'Rider: Abdi',
      'Day: Nov 20, 2026',
      'Cash deliveries: 3',
      'Handed in: $24.00',
      'Collected: $58.00',
      'Still to hand in: $34.00',
    ]);
    const refund = auditChanges({ before: { returnId: uuid, refundStatus: 'unconfirmed' }, after: { returnId: uuid, refundStatus: null, resolution: 'confirmed', refundPaidWith: 'evc-plus' } });
    expect(refund.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual(['Refund status: Sent, not answered → —', 'Resolution: — → Confirmed as made', 'Refund paid out with: — → EVC Plus']);
    const review = auditChanges({ before: { reviewId: uuid, rating: 1, hidden: false }, after: { reviewId: uuid, rating: 1, hidden: true } });
    expect(review).toEqual([{ key: 'hidden', label: 'Hidden', before: 'No', after: 'Yes' }]);
    expect(formatAuditValue(5, 'rating')).toBe('5 stars');
    // No value is raw JSON or a whole UUID.
    for (const c of [...settingsChanges, ...product, ...taken, ...zone, ...code, ...cash, ...refund]) {
      expect(`${c.before} ${c.after}`).not.toMatch(/[{}"]|[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
    expect(shortId(uuid)).toBe('…00beef');
    expect(shortId('p-1')).toBe('p-1');
  });

  it('names what was changed where the entry gives a name', () => {
    expect(auditSubject({ action: 'zone.update', entity: 'zone', before: null, after: { city: 'Mogadishu', district: 'Hodan' } })).toBe('Hodan, Mogadishu');
    expect(auditSubject({ action: 'discount.delete', entity: 'discount', before: { code: 'EID-2026' }, after: null })).toBe('EID-2026');
    expect(auditSubject({ action: 'review.hide', entity: 'product', before: { author: 'Amina W.', title: 'Lovely' }, after: { author: 'Amina W.', title: 'Lovely' } })).toBe(
      'Review by Amina W.: “Lovely”',
    );
    expect(auditSubject({ action: 'rider.cash', entity: 'rider', before: null, after: { rider: 'Abdi' } })).toBe('Abdi');
    expect(auditSubject({ action: 'order.status', entity: 'order', before: { status: 'pending' }, after: { status: 'shipped' } })).toBeNull();
  });
});

describe('admin activity in Somali', () => {
  it('names the fields and writes the values in Somali', async () => {
    serveAudit([settings, statusChange]);
    renderAdmin('/admin/reports', adminUser({ language: 'so' }));
    const region = await screen.findByRole('region', { name: 'Hawlaha maamulka' });
    await waitFor(() => expect(within(region).getAllByTestId('audit-entry')).toHaveLength(2));
    const [first, second] = within(region).getAllByTestId('audit-entry');
    expect(within(first).getByRole('listitem')).toHaveTextContent('Khidmadda gaarsiinta: $5.00 → waxaa loo beddelay $4.50');
    expect(within(second).getByRole('listitem')).toHaveTextContent('Xaaladda: Sugaya → waxaa loo beddelay La diray');
  });
});
