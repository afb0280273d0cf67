/**
 * The back office on a phone (under 640 px): the one DataTable draws its rows as cards from the
 * same column definitions, each column where its `phone` puts it (the title, beside it, a
 * labelled line, the buttons at the foot, or nowhere), with the row's test id, a cell's
 * attributes, the details it opens and a footer's total; at 640 px and wider it is the table it
 * was. On the Orders and Products lists the cards carry each order's status, payment and
 * buttons (Update Status opens its dialog, Details its details) and each product's stock and
 * Edit, every control 44 px, axe-clean.
 */
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrder, makeOrderDetail, makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { tapTargetProblems } from '@/testing/tap-targets';
import { act, render, screen, within } from '@/testing/test-utils';
import { zonesTable } from '../delivery/components/zone-columns';
import { deliveriesTable } from '../deliveries/components/delivery-columns';
import { discountsTable } from '../discounts/components/discount-columns';
import { columnsOf, DataTable, PHONE_QUERY, type PhoneReading } from '../lib/table';
import { notificationsTable } from '../notifications/components/notification-columns';
import { ordersTable } from '../orders/components/order-columns';
import { paymentsTable } from '../payments/components/payment-columns';
import { productsTable } from '../products/components/product-columns';
import { restockTable } from '../restock/components/restock-columns';
import { returnsTable } from '../returns/components/return-columns';
import { reviewsTable } from '../reviews/components/review-columns';
import { usersTable } from '../users/components/user-columns';
import { renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../orders/components/OrdersPage');
  await import('../products/components/ProductsPage');
});

const jsdomMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = jsdomMatchMedia;
});

/** A window `phone` (under 640 px) or not, as `matchMedia` answers PHONE_QUERY; `resize` changes it and tells the listeners. */
function screenWidth(phone: boolean) {
  let narrow = phone;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === PHONE_QUERY && narrow;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    resize(toPhone: boolean) {
      narrow = toPhone;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

interface Parcel {
  id: string;
  name: string;
  state: string;
  weight: number;
  note: string;
}

const column = columnsOf<Parcel>();
const parcelColumns = [
  column('#', (p) => p.id, { phone: 'hidden' }),
  column('Parcel', (p) => p.name, { td: 'font-mono w-40 text-right', phone: 'title' }),
  column('State', (p) => <span data-testid="state">{p.state}</span>, { phone: 'aside' }),
  column('Weight', (p) => `${p.weight} kg`, { cell: (p) => ({ 'data-testid': 'weight', title: `${p.weight} kilograms` }) }),
  column('Note', (p) => p.note, { phoneLabel: 'Remark' }),
  column('Actions', (p, row) => (
    <button type="button" className="min-h-11" aria-expanded={row.getIsExpanded()} onClick={() => row.toggleExpanded()}>
      Open {p.name}
    </button>
  ), { phone: 'actions' }),
];
const parcels: Parcel[] = [
  { id: 'p1', name: 'Box A', state: 'Packed', weight: 2, note: 'Fragile' },
  { id: 'p2', name: 'Box B', state: 'Sent', weight: 5, note: 'Heavy' },
];

function Parcels() {
  return (
    <DataTable
      name="Parcels"
      rows={parcels}
      columns={parcelColumns}
      getRowId={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': 'parcel', className: p.id === 'p2' ? 'bg-amber-50' : undefined })}
      details={{ id: (p) => `parcel-${p.id}`, render: (p) => <p>Inside {p.name}</p> }}
      footer={{ label: 'Weight in all', column: 'Weight', value: '7 kg' }}
    />
  );
}

/** A card's labelled lines as 'label: value'. */
const linesOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('DataTable on a phone', () => {
  it('draws each row as a card from the column definitions', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    render(<Parcels />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Parcels list' });
    const cards = within(list).getAllByTestId('parcel');
    expect(cards.map((c) => c.tagName)).toEqual(['LI', 'LI']);
    expect(cards[1]).toHaveClass('bg-amber-50');

    const [first] = cards;
    // The title in bold with its cell's type classes (not its width or alignment), the state beside it, no '#'.
    const title = within(first).getByText('Box A');
    expect(title).toHaveClass('font-semibold', 'font-mono');
    expect(title).not.toHaveClass('w-40');
    expect(title).not.toHaveClass('text-right');
    expect(within(first).getByTestId('state')).toHaveTextContent('Packed');
    expect(first).not.toHaveTextContent('p1');
    // The lines: each heading as its label (or the phone's own), the cell's attributes on the value.
    expect(linesOf(first)).toEqual(['Weight: 2 kg', 'Remark: Fragile']);
    expect(within(first).getByTestId('weight')).toHaveAttribute('title', '2 kilograms');
    expect(within(first).queryByText('State')).not.toBeInTheDocument();
    expect(within(first).queryByText('Actions')).not.toBeInTheDocument();
    // The actions at the foot, opening the row's details in the card.
    await user.click(within(first).getByRole('button', { name: 'Open Box A' }));
    expect(within(first).getByText('Inside Box A').closest('[id]')).toHaveAttribute('id', 'parcel-p1');
    // The footer's total under the cards.
    expect(within(list).getByText('Weight in all').nextElementSibling).toHaveTextContent('7 kg');
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('is the table from 640 px, and follows the width as it changes, keeping the details opened', async () => {
    const width = screenWidth(false);
    const user = userEvent.setup();
    render(<Parcels />);
    const table = screen.getByRole('table', { name: 'Parcels' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Parcel', 'State', 'Weight', 'Note', 'Actions']);
    expect(within(table).getAllByTestId('parcel').map((r) => r.tagName)).toEqual(['TR', 'TR']);
    expect(within(table).getByRole('rowheader', { name: 'Weight in all' }).nextElementSibling).toHaveTextContent('7 kg');
    await user.click(screen.getByRole('button', { name: 'Open Box B' }));
    expect(screen.getByText('Inside Box B')).toBeInTheDocument();

    width.resize(true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const second = screen.getAllByTestId('parcel')[1];
    expect(within(second).getByText('Inside Box B')).toBeInTheDocument();
    width.resize(false);
    expect(screen.getByRole('table', { name: 'Parcels' })).toBeInTheDocument();
    expect(screen.getByText('Inside Box B')).toBeInTheDocument();
  });
});

const none = () => {};
/** What the tests read of a column definition: its heading and where it goes on a phone. */
type Declared = { header?: unknown; meta?: { phone?: PhoneReading } };
/** Each list's column definitions, as its page builds them. */
const LISTS: Record<string, () => Declared[]> = {
  orders: () => ordersTable({ onUpdateStatus: none, onMarkPaid: none, seesMoney: true }).columns,
  products: () => productsTable({ onEdit: none, onDelete: none }).columns,
  users: () => usersTable({ me: null, onEdit: none, onDelete: none }).columns,
  deliveries: () => deliveriesTable({ selectable: true, selected: new Set(), onSelect: none, linkOrders: true, onResetCode: none, resetting: null }).columns,
  zones: () => zonesTable({ switching: null, onEdit: none, onSwitchServed: none }).columns,
  reviews: () => reviewsTable({ switching: null, onSwitchHidden: none, onDelete: none }).columns,
  restock: () => restockTable().columns,
  notifications: () => notificationsTable({ resending: null, onResend: none }).columns,
  discounts: () => discountsTable({ switching: null, onEdit: none, onSwitchActive: none, onDelete: none }).columns,
  returns: () => returnsTable({ take: none, resolve: none, busyId: null }, true).columns,
  payments: () => paymentsTable().columns,
};

describe("each list's columns say how they read on a phone", () => {
  it.each(Object.keys(LISTS))('%s: one title, its buttons at the foot', (list) => {
    const columns = LISTS[list]().map((c) => ({ heading: String(c.header), phone: c.meta?.phone ?? 'line' }));
    expect(columns.filter((c) => c.phone === 'title')).toHaveLength(1);
    for (const c of columns.filter((c) => c.heading === 'Actions')) expect(c.phone).toBe('actions');
  });

  it('orders: the number as the title, the status beside it, the date (under the number already) left off', () => {
    const phone = Object.fromEntries(LISTS.orders().map((c) => [String(c.header), c.meta?.phone ?? 'line']));
    expect(phone).toEqual({
      'Order ID': 'title',
      Customer: 'line',
      Date: 'hidden',
      Total: 'line',
      Discount: 'line',
      Payment: 'line',
      Status: 'aside',
      Actions: 'actions',
    });
  });
});

describe('the back-office lists on a phone', () => {
  it("Orders: each card has the order's number, customer, total, payment, status and buttons", async () => {
    screenWidth(true);
    const order = makeOrder({
      _id: 'aaaa1111-phone',
      status: 'pending',
      paymentStatus: 'paid',
      totalAmount: 53,
      userId: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
    });
    serveList<Order>('/api/orders/all', (q) => (q.get('limit') === '1' ? { rows: [], total: 0 } : { rows: [order, makeOrder()] }));
    server.use(http.get(`/api/orders/${order._id}`, () => HttpResponse.json(makeOrderDetail({ ...order, nextStatuses: ['shipped'] }))));
    const { user } = renderAdmin('/admin/orders');
    const [card] = await screen.findAllByTestId('order-row', {}, { timeout: 8000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Orders list' })).toContainElement(card);
    const c = within(card);
    const number = `#${order.number}`;
    expect(c.getByRole('link', { name: number })).toHaveAttribute('href', '/admin/orders/aaaa1111-phone');
    expect(c.getByText('Pending')).toBeInTheDocument();
    expect(c.getByText('Payment paid')).toBeInTheDocument();
    expect(linesOf(card).map((l) => l.split(':')[0])).toEqual(['Customer', 'Total', 'Discount', 'Payment']);
    expect(linesOf(card)[1]).toBe('Total: $53.00');
    expect(c.getByTestId('order-payment')).toHaveTextContent('EVC Plus');
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.click(c.getByRole('button', { name: `Details of order ${number}` }));
    expect(await c.findByRole('heading', { name: 'Delivery address' })).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: `Update Status of order ${number}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Order Status' }));
    expect(dialog.getByText(/for Amina Hassan, now Pending/)).toBeInTheDocument();
  });

  it("Products: each card has the product, its stock, price and status, and Edit opens it", async () => {
    screenWidth(true);
    serveList<Product>('/api/admin/products', () => ({ rows: [makeProduct({ name: 'Silk Abaya', stock: 7, price: 40 }), makeProduct()], total: 2 }));
    const { user } = renderAdmin('/admin/products');
    const edit = await screen.findByRole('button', { name: 'Edit Silk Abaya' }, { timeout: 8000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = edit.closest('li')!;
    expect(card).toHaveAttribute('data-testid', 'product-row');
    expect(linesOf(card)).toEqual(['Category: Women', 'Price: $40.00', 'Stock: 7']);
    expect(within(card).getByTestId('stock-badge')).toHaveTextContent('Low Stock');
    expect(within(card).getByRole('button', { name: 'Delete Silk Abaya' })).toBeInTheDocument();
    expect(tapTargetProblems()).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await user.click(edit);
    expect(await screen.findByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });
});
