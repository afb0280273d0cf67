import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Discount } from '@/lib/types';
import { makeDiscount } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import {
  describeDiscount,
  discountStatus,
  fromLocalDateTime,
  toLocalDateTime,
  usesText,
} from '../discounts/discount-form';
import { paramsOf, recordJson, renderAdmin, serveList, type ListReply } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../discounts/components/DiscountsPage');
});

const eid = makeDiscount({
  _id: 'd-eid',
  code: 'EID-2026',
  kind: 'percent',
  value: 15,
  minSubtotal: 20,
  startsAt: '2026-03-29T00:00:00+00:00',
  endsAt: '2099-04-05T00:00:00+00:00',
  usageLimit: 100,
  perCustomerLimit: 1,
  timesUsed: 3,
});
const welcome = makeDiscount({ _id: 'd-welcome', code: 'WELCOME5', kind: 'fixed', value: 5, timesUsed: 3 });
const freeShip = makeDiscount({ _id: 'd-free', code: 'FREESHIP', kind: 'freeShipping', value: 0, active: false });
const soon = makeDiscount({ _id: 'd-soon', code: 'SOON', startsAt: '2099-01-01T00:00:00+00:00' });
const over = makeDiscount({ _id: 'd-over', code: 'RAMADAN', endsAt: '2020-01-01T00:00:00+00:00' });
const gone = makeDiscount({ _id: 'd-gone', code: 'FIRST-10', usageLimit: 10, timesUsed: 10 });

/** GET /api/admin/discounts: the given rows (all six by default); returns every request's query. */
function serveDiscounts(reply: (query: URLSearchParams) => ListReply<Discount> = () => ({ rows: [eid, welcome, freeShip, soon, over, gone] })) {
  return serveList<Discount>('/api/admin/discounts', reply);
}

const firstPage = { page: '1', limit: '20' };
const rows = () => screen.getAllByTestId('discount-row');
const rowOf = (code: string) => within(rows().find((r) => within(r).queryByText(code, { selector: 'td' })) as HTMLElement);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('discount codes: how they read', () => {
  it('describes what a code takes off and its uses', () => {
    expect(describeDiscount({ kind: 'percent', value: 15 })).toBe('15% off');
    expect(describeDiscount({ kind: 'fixed', value: 5 })).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'freeShipping', value: 0 })).toBe('Free shipping');
    expect(usesText({ timesUsed: 3, usageLimit: 100 })).toBe('3 / 100');
    expect(usesText({ timesUsed: 3, usageLimit: null })).toBe('3');
  });

  it('computes the status from the fields, as the server decides: inactive first, then expired, used up, scheduled', () => {
    const now = new Date('2026-04-01T12:00:00Z');
    const at = (overrides: Partial<Discount>) => discountStatus(makeDiscount(overrides), now);
    expect(at({})).toBe('Active');
    expect(at({ active: false, endsAt: '2026-01-01T00:00:00Z' })).toBe('Inactive');
    expect(at({ endsAt: '2026-04-01T12:00:00Z' })).toBe('Expired');
    expect(at({ endsAt: '2026-04-01T12:00:01Z' })).toBe('Active');
    expect(at({ usageLimit: 2, timesUsed: 2, startsAt: '2026-05-01T00:00:00Z' })).toBe('Used up');
    expect(at({ usageLimit: 2, timesUsed: 1 })).toBe('Active');
    expect(at({ startsAt: '2026-04-01T12:00:01Z' })).toBe('Scheduled');
    expect(at({ startsAt: '2026-04-01T12:00:00Z' })).toBe('Active');
  });

  it('shows dates in local time to the minute and sends them as UTC instants', () => {
    const local = toLocalDateTime('2026-03-29T00:00:00+00:00');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalDateTime(local)).toBe('2026-03-29T00:00:00.000Z');
    expect(toLocalDateTime(null)).toBe('');
    expect(fromLocalDateTime('')).toBeNull();
  });
});

describe('admin discounts: table', () => {
  it('is in the sidebar and lists the first page: code, discount, minimum, dates, uses and status', async () => {
    const served = serveDiscounts();
    renderAdmin('/admin/discounts');
    expect(await screen.findByText('Loading discount codes...')).toBeInTheDocument();
    await screen.findAllByTestId('discount-row');
    expect(screen.getByRole('heading', { name: 'Discounts' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Discounts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Code',
      'Discount',
      'Minimum',
      'Valid',
      'Uses',
      'Status',
      'Actions',
    ]);
    const first = cells(rows()[0]);
    expect(first.slice(0, 3)).toEqual(['EID-2026', '15% off', '$20.00']);
    expect(first[3]).toMatch(/^From Mar (28|29), 2026, .+Until Apr [45], 2099, /);
    expect(first.slice(4, 6)).toEqual(['3 / 1001 per customer', 'Active']);
    expect(cells(rows()[1]).slice(0, 6)).toEqual(['WELCOME5', '$5.00 off', 'None', 'Any time', '3', 'Active']);
    expect(rows().map((r) => [within(r).getAllByRole('cell')[0].textContent, within(r).getByTestId('discount-status').textContent])).toEqual([
      ['EID-2026', 'Active'],
      ['WELCOME5', 'Active'],
      ['FREESHIP', 'Inactive'],
      ['SOON', 'Scheduled'],
      ['RAMADAN', 'Expired'],
      ['FIRST-10', 'Used up'],
    ]);
    expect(rowOf('FREESHIP').getByText('Free shipping')).toBeInTheDocument();
    expect(rowOf('FREESHIP').getByRole('button', { name: 'Activate FREESHIP' })).toBeInTheDocument();
    expect(rowOf('EID-2026').getByRole('button', { name: 'Deactivate EID-2026' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–6 of 6')).toBeInTheDocument();
  });

  it('pages through the codes with the server', async () => {
    const served = serveDiscounts((q) => ({ rows: q.get('page') === '2' ? [gone] : [eid, welcome], total: 21 }));
    const { user } = renderAdmin('/admin/discounts');
    await screen.findAllByTestId('discount-row');
    const pager = screen.getByRole('navigation', { name: 'Discount codes pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, page: '2' });
    expect(within(pager).getByText('Showing 21–21 of 21')).toBeInTheDocument();
  });

  it('says when there are none, and toasts a failed load', async () => {
    serveDiscounts(() => ({ rows: [], total: 0 }));
    const { unmount } = renderAdmin('/admin/discounts');
    expect(await screen.findByText('No discount codes yet')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/admin/discounts', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/discounts');
    await findToast('Failed to load discount codes. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('admin discounts: add, edit, deactivate, delete', () => {
  it("creates a code, showing the server's field messages under their fields until they are fixed", async () => {
    let list = [welcome];
    const served = serveDiscounts(() => ({ rows: list }));
    const posts = recordJson('post', '/api/admin/discounts', (body) => {
      const input = body as Record<string, unknown>;
      if (input.value !== 15) {
        return HttpResponse.json(
          {
            message: 'Please check the highlighted fields',
            errors: { code: 'This code is already in use', value: 'Percent must be a whole number from 1 to 100', endsAt: 'End must be after the start' },
          },
          { status: 400 },
        );
      }
      const created = makeDiscount({ ...input, _id: 'd-new', code: String(input.code).toUpperCase() });
      list = [created, welcome];
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderAdmin('/admin/discounts');
    await screen.findAllByTestId('discount-row');
    await user.click(screen.getByRole('button', { name: 'Add Discount Code' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Discount Code' }));
    expect(d.getByLabelText('Code')).toHaveFocus();
    expect(d.getByLabelText('Active (shoppers can use it)')).toBeChecked();
    expect(d.getByLabelText('Starts at')).toHaveAttribute('type', 'datetime-local');

    await user.type(d.getByLabelText('Code'), 'eid-2026');
    await user.type(d.getByLabelText('Percent off'), '150');
    await user.type(d.getByLabelText('Minimum subtotal ($)'), '20');
    await user.type(d.getByLabelText('Starts at'), '2026-03-29T00:00');
    await user.type(d.getByLabelText('Ends at'), '2026-04-05T00:00');
    await user.type(d.getByLabelText('Usage limit'), '100');
    await user.type(d.getByLabelText('Limit per customer'), '1');
    await user.click(d.getByRole('button', { name: 'Create Code' }));
    await findToast('Please check the highlighted fields');
    expect(d.getByLabelText('Code')).toHaveAccessibleDescription(expect.stringContaining('This code is already in use'));
    expect(d.getByLabelText('Percent off')).toHaveAccessibleDescription(expect.stringContaining('Percent must be a whole number from 1 to 100'));
    expect(d.getByLabelText('Ends at')).toHaveAccessibleDescription(expect.stringContaining('End must be after the start'));
    expect(posts[0].body).toEqual({
      code: 'eid-2026',
      kind: 'percent',
      value: 150,
      minSubtotal: 20,
      startsAt: new Date('2026-03-29T00:00').toISOString(),
      endsAt: new Date('2026-04-05T00:00').toISOString(),
      usageLimit: 100,
      perCustomerLimit: 1,
      active: true,
    });

    // Editing a field clears its message only.
    await user.clear(d.getByLabelText('Percent off'));
    expect(d.queryByText('Percent must be a whole number from 1 to 100')).not.toBeInTheDocument();
    expect(d.getByText('This code is already in use')).toBeInTheDocument();
    await user.type(d.getByLabelText('Percent off'), '15');
    await user.click(d.getByRole('button', { name: 'Create Code' }));
    await findToast('Discount code created');
    expect(posts[1].body).toMatchObject({ value: 15 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(served).toHaveLength(2);
    expect(cells(rows()[0]).slice(0, 2)).toEqual(['EID-2026', '15% off']);
  });

  it('a free-shipping code has no value field and sends 0; blank limits and dates are none', async () => {
    serveDiscounts(() => ({ rows: [welcome] }));
    const posts = recordJson('post', '/api/admin/discounts', (body) => HttpResponse.json(makeDiscount(body as Partial<Discount>), { status: 201 }));
    const { user } = renderAdmin('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'Add Discount Code' }));
    const d = within(await screen.findByRole('dialog', { name: 'Add Discount Code' }));
    expect(within(d.getByLabelText('Kind')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Percent off',
      'Fixed amount off',
      'Free shipping',
    ]);
    await user.selectOptions(d.getByLabelText('Kind'), 'fixed');
    expect(d.getByLabelText('Amount off ($)')).toBeInTheDocument();
    await user.selectOptions(d.getByLabelText('Kind'), 'freeShipping');
    expect(d.queryByLabelText('Amount off ($)')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Code'), 'FREESHIP');
    await user.click(d.getByLabelText('Active (shoppers can use it)'));
    await user.click(d.getByRole('button', { name: 'Create Code' }));
    await findToast('Discount code created');
    expect(posts[0].body).toEqual({
      code: 'FREESHIP',
      kind: 'freeShipping',
      value: 0,
      minSubtotal: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      active: false,
    });
  });

  it('edits with PUT and every field, and puts the reply into its row without reloading the list', async () => {
    const served = serveDiscounts();
    const puts = recordJson('put', '/api/admin/discounts/d-eid', (body) => HttpResponse.json({ ...eid, ...(body as object) }));
    const { user } = renderAdmin('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'Edit EID-2026' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Discount Code' }));
    expect(d.getByLabelText('Code')).toHaveValue('EID-2026');
    expect(d.getByLabelText('Kind')).toHaveValue('percent');
    expect(d.getByLabelText('Percent off')).toHaveValue(15);
    expect(d.getByLabelText('Minimum subtotal ($)')).toHaveValue(20);
    expect(d.getByLabelText('Starts at')).toHaveValue(toLocalDateTime(eid.startsAt));
    expect(d.getByLabelText('Ends at')).toHaveValue(toLocalDateTime(eid.endsAt));
    expect(d.getByLabelText('Usage limit')).toHaveValue(100);
    expect(d.getByLabelText('Limit per customer')).toHaveValue(1);
    await user.clear(d.getByLabelText('Percent off'));
    await user.type(d.getByLabelText('Percent off'), '20');
    await user.clear(d.getByLabelText('Usage limit'));
    await user.click(d.getByRole('button', { name: 'Update Code' }));
    await findToast('Discount code updated');
    expect(puts[0].body).toEqual({
      code: 'EID-2026',
      kind: 'percent',
      value: 20,
      minSubtotal: 20,
      startsAt: fromLocalDateTime(toLocalDateTime(eid.startsAt)),
      endsAt: fromLocalDateTime(toLocalDateTime(eid.endsAt)),
      usageLimit: null,
      perCustomerLimit: 1,
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cells(rows()[0]).slice(1, 2)).toEqual(['20% off']);
    expect(rowOf('EID-2026').getByTestId('discount-uses')).toHaveTextContent(/^3$/);
    expect(served).toHaveLength(1);
  });

  it('deactivates and activates with PUT of every field as it stands, the row following the reply', async () => {
    serveDiscounts();
    const puts = recordJson('put', '/api/admin/discounts/d-eid', (body) => HttpResponse.json({ ...eid, ...(body as object) }));
    const { user } = renderAdmin('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'Deactivate EID-2026' }));
    await findToast('EID-2026 deactivated');
    expect(puts[0].body).toEqual({
      code: 'EID-2026',
      kind: 'percent',
      value: 15,
      minSubtotal: 20,
      startsAt: eid.startsAt,
      endsAt: eid.endsAt,
      usageLimit: 100,
      perCustomerLimit: 1,
      active: false,
    });
    expect(rowOf('EID-2026').getByTestId('discount-status')).toHaveTextContent('Inactive');
    await user.click(rowOf('EID-2026').getByRole('button', { name: 'Activate EID-2026' }));
    await findToast('EID-2026 activated');
    expect(puts[1].body).toMatchObject({ active: true });
    expect(rowOf('EID-2026').getByTestId('discount-status')).toHaveTextContent('Active');
  });

  it("shows the server's message when a change is refused", async () => {
    serveDiscounts();
    server.use(http.put('/api/admin/discounts/d-eid', () => HttpResponse.json({ message: 'Discount code not found' }, { status: 404 })));
    const { user } = renderAdmin('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'Deactivate EID-2026' }));
    await findToast('Discount code not found');
    expect(rowOf('EID-2026').getByTestId('discount-status')).toHaveTextContent('Active');
  });

  it('deletes after the confirmation and reloads the page shown', async () => {
    let list = [eid, welcome];
    const served = serveDiscounts(() => ({ rows: list }));
    server.use(
      http.delete('/api/admin/discounts/d-welcome', () => {
        list = [eid];
        return HttpResponse.json({ message: 'Discount code deleted' });
      }),
    );
    const { user } = renderAdmin('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'Delete WELCOME5' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Discount Code' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete the discount code "WELCOME5"? Orders that used it keep their discount; carts holding it lose it.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Discount code deleted');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(served).toHaveLength(2);
  });
});
