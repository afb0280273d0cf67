import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderReturn, UpdateReturnRequest } from '@/lib/types';
import { makeReturn } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { currentUrl, paramsOf, recordJson, renderAdmin, serveList, type ListReply } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../returns/components/ReturnsPage');
});

const ORDER_A = 'aaaa1111-0000-7000-8000-000000000001';
const ORDER_B = 'bbbb2222-0000-7000-8000-000000000002';
/** The orders' numbers, as the server sends them with each return. */
const NUMBER_A = '#1042';
const NUMBER_B = '#1043';

const requested = makeReturn({
  _id: 'r-requested',
  orderId: ORDER_A,
  orderNumber: NUMBER_A,
  status: 'requested',
  createdAt: '2026-11-20T10:00:00Z',
  lines: [{ lineId: `${ORDER_A}-1`, name: 'Linen Wrap Dress', variant: { _id: 'v1', size: 'M', colour: 'Black', sku: 'LWD-BLK-M' }, quantity: 1, amount: 27 }],
  refundAmount: 27,
  reason: 'Too big',
  customer: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
});
const approved = makeReturn({
  _id: 'r-approved',
  orderId: ORDER_B,
  orderNumber: NUMBER_B,
  status: 'approved',
  createdAt: '2026-11-19T10:00:00Z',
  lines: [
    { lineId: `${ORDER_B}-1`, name: 'Silk Scarf', variant: null, quantity: 2, amount: 20 },
    { lineId: `${ORDER_B}-2`, name: 'Kids Denim Jacket', variant: { _id: 'v2', size: '4-5Y', colour: null, sku: 'KDJ-45' }, quantity: 1, amount: 18.5 },
  ],
  refundAmount: 38.5,
  reason: 'Changed my mind',
  customer: { _id: 'u2', name: 'Hodan Ali', email: 'hodan@example.com' },
  nextSteps: ['received', 'rejected'],
});
const received = makeReturn({ _id: 'r-received', orderId: ORDER_A, orderNumber: NUMBER_A, status: 'received', refundAmount: 24.5, createdAt: '2026-11-18T10:00:00Z', nextSteps: ['refunded'] });
const refunded = makeReturn({ _id: 'r-refunded', orderId: ORDER_B, orderNumber: NUMBER_B, status: 'refunded', createdAt: '2026-11-17T10:00:00Z', nextSteps: [] });
const rejected = makeReturn({ _id: 'r-rejected', orderId: ORDER_B, orderNumber: NUMBER_B, status: 'rejected', createdAt: '2026-11-16T10:00:00Z', nextSteps: [] });
const all = [requested, approved, received, refunded, rejected];

function serveReturns(reply: (query: URLSearchParams) => ListReply<OrderReturn> = (q) => ({ rows: all.filter((r) => !q.get('status') || r.status === q.get('status')) })) {
  return serveList<OrderReturn>('/api/admin/returns', reply);
}

/** PUT /api/admin/returns/{id}: `reply` answers each body; returns the bodies sent. */
function servePut(reply: (id: string, body: { status: string }) => Response) {
  const calls: { id: string; body: { status: string } }[] = [];
  server.use(
    http.put('/api/admin/returns/:id', async ({ params, request }) => {
      const body = (await request.json()) as { status: string };
      calls.push({ id: String(params.id), body });
      return reply(String(params.id), body);
    }),
  );
  return calls;
}

/** The steps the server allows after each step taken. */
const STEPS_AFTER: Record<UpdateReturnRequest['status'], UpdateReturnRequest['status'][]> = {
  approved: ['received', 'rejected'],
  received: ['refunded'],
  refunded: [],
  rejected: [],
};

const moved = (id: string, status: string) => {
  const ret = all.find((r) => r._id === id) as OrderReturn;
  const to = status as UpdateReturnRequest['status'];
  return HttpResponse.json({
    ...ret,
    status: to,
    statusHistory: [...ret.statusHistory, { status: to, at: '2026-11-21T09:00:00Z', by: { _id: 'a1', name: 'Sahra Admin' } }],
    nextSteps: STEPS_AFTER[to],
  });
};

const rows = () => screen.getAllByTestId('return-row');
const rowOf = (id: string) => within(rows()[all.findIndex((r) => r._id === id)]);
const firstPage = { page: '1', limit: '20' };

describe('admin returns: list', () => {
  it('is in the sidebar and lists the first page: date, order, customer, items, refund, status and the steps allowed', async () => {
    const served = serveReturns();
    renderAdmin('/admin/returns');
    expect(await screen.findByText('Loading returns...')).toBeInTheDocument();
    await screen.findAllByTestId('return-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Order', 'Customer', 'Items', 'Refund', 'Status', 'Actions']);

    const first = rowOf('r-requested');
    expect(first.getByRole('link', { name: '#1042' })).toHaveAttribute('href', `/admin/orders/${ORDER_A}`);
    expect(first.getByText('Amina Hassan')).toBeInTheDocument();
    expect(first.getByText('amina@example.com')).toBeInTheDocument();
    expect(first.getByText('Size M · Black')).toBeInTheDocument();
    expect(first.getByText('Reason: Too big')).toBeInTheDocument();
    expect(first.getByText('$27.00')).toBeInTheDocument();
    expect(first.getByTestId('return-status')).toHaveTextContent('Requested');
    expect(rowOf('r-approved').getByText(/Silk Scarf × 2/)).toBeInTheDocument();
    expect(rowOf('r-approved').getByText(/Kids Denim Jacket × 1/)).toBeInTheDocument();

    const actions = (id: string) => rowOf(id).queryAllByRole('button').map((b) => b.textContent);
    const order = (id: string) => `the return of order ${all.find((r) => r._id === id)!.orderNumber}`;
    expect(actions('r-requested')).toEqual([`Approve ${order('r-requested')}`, `Reject ${order('r-requested')}`]);
    expect(actions('r-approved')).toEqual([`Mark received ${order('r-approved')}`, `Reject ${order('r-approved')}`]);
    expect(actions('r-received')).toEqual([`Refund ${order('r-received')}`]);
    expect(actions('r-refunded')).toEqual([]);
    expect(actions('r-rejected')).toEqual([]);
    expect(screen.getByText('Showing 1–5 of 5')).toBeInTheDocument();
  });

  it('filters by status on the server, kept in the URL and back at page 1', async () => {
    const served = serveReturns();
    const { user } = renderAdmin('/admin/returns?page=2');
    await screen.findByText('Loading returns...');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'received');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, status: 'received' });
    expect(currentUrl()).toBe('/admin/returns?status=received');
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All statuses',
      'Requested',
      'Approved',
      'Rejected',
      'Received',
      'Refunded',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await waitFor(() => expect(currentUrl()).toBe('/admin/returns'));
  });

  it('says when there are none, and shows the failure with Try Again', async () => {
    serveReturns(() => ({ rows: [], total: 0 }));
    const { unmount } = renderAdmin('/admin/returns?status=refunded');
    expect(await screen.findByText('No returns found')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/admin/returns', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/returns');
    await findToast('Failed to load returns. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('admin returns: steps', () => {
  it('approves and marks received at once, with a toast, and shows the server row in place', async () => {
    const served = serveReturns();
    const calls = servePut((id, body) => moved(id, body.status));
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    await user.click(rowOf('r-requested').getByRole('button', { name: /^Approve/ }));
    await findToast('Return approved');
    expect(calls).toEqual([{ id: 'r-requested', body: { status: 'approved' } }]);
    await waitFor(() => expect(rowOf('r-requested').getByTestId('return-status')).toHaveTextContent('Approved'));
    expect(rowOf('r-requested').queryAllByRole('button').map((b) => b.textContent?.split(' the ')[0])).toEqual(['Mark received', 'Reject']);

    await user.click(rowOf('r-approved').getByRole('button', { name: /^Mark received/ }));
    await findToast('Return marked as received');
    expect(calls.at(-1)).toEqual({ id: 'r-approved', body: { status: 'received' } });
    // The row is put in place: the page is not asked for again.
    expect(served).toHaveLength(1);
  });

  it('asks before rejecting: Cancel sends nothing, Reject sends the status', async () => {
    serveReturns();
    const calls = servePut((id, body) => moved(id, body.status));
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    await user.click(rowOf('r-approved').getByRole('button', { name: /^Reject/ }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Reject Return' }));
    expect(dialog.getByText('Reject the return of order #1043 from Hodan Ali? Nothing will be refunded for these items.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(rowOf('r-approved').getByRole('button', { name: /^Reject/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Reject Return' })).getByRole('button', { name: 'Reject' }));
    await findToast('Return rejected');
    expect(calls).toEqual([{ id: 'r-approved', body: { status: 'rejected' } }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rowOf('r-approved').queryAllByRole('button')).toEqual([]);
  });

  it("asks before refunding, shows the provider's refusal (502) and lets the admin try again", async () => {
    serveReturns();
    let refuse = true;
    const calls = servePut((id, body) =>
      refuse ? HttpResponse.json({ message: 'EVC Plus refused the refund: the account is closed' }, { status: 502 }) : moved(id, body.status),
    );
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    await user.click(rowOf('r-received').getByRole('button', { name: /^Refund/ }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Refund Return' }));
    expect(dialog.getByText(/^Refund \$24\.50 to Amina Hassan for order #1042\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('EVC Plus refused the refund: the account is closed');
    expect(alert).toHaveTextContent('The return is still marked received: you can try the refund again.');
    expect(calls).toEqual([{ id: 'r-received', body: { status: 'refunded' } }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rowOf('r-received').getByTestId('return-status')).toHaveTextContent('Received');

    refuse = false;
    await user.click(rowOf('r-received').getByRole('button', { name: /^Refund/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Refund Return' })).getByRole('button', { name: 'Refund' }));
    await findToast('Refunded $24.50');
    await waitFor(() => expect(screen.queryByText(/EVC Plus refused the refund/)).not.toBeInTheDocument());
    expect(rowOf('r-received').getByTestId('return-status')).toHaveTextContent('Refunded');
  });

  it('shows the message of a step no longer allowed (409)', async () => {
    serveReturns();
    const calls = recordJson('put', '/api/admin/returns/:id', () =>
      HttpResponse.json({ message: 'This return was already approved' }, { status: 409 }),
    );
    const { user } = renderAdmin('/admin/returns');
    await screen.findAllByTestId('return-row');
    await user.click(rowOf('r-requested').getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This return was already approved');
    expect(screen.getByRole('alert')).not.toHaveTextContent('try the refund again');
    expect(calls.map((c) => c.body)).toEqual([{ status: 'approved' }]);
  });
});

describe('admin returns: a refund sent but not answered', () => {
  const unanswered = makeReturn({
    _id: 'r-unanswered',
    orderId: ORDER_A,
    orderNumber: NUMBER_A,
    status: 'received',
    refundAmount: 24.5,
    refundStatus: 'unconfirmed',
    refundSentAt: '2026-11-21T08:00:00Z',
    createdAt: '2026-11-18T10:00:00Z',
    customer: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
    nextSteps: [],
  });

  it('says a refund being sent is under way, with no step to take meanwhile', async () => {
    serveList<OrderReturn>('/api/admin/returns', () => ({ rows: [{ ...unanswered, refundStatus: 'sending' }] }));
    renderAdmin('/admin/returns');
    const row = within((await screen.findAllByTestId('return-row'))[0]);
    // The Returns screen does not know how each order was paid.
    expect(row.getByText('Refund being sent to the payment provider')).toBeInTheDocument();
    expect(row.queryAllByRole('button')).toEqual([]);
  });

  it('shows it instead of Refund, with its two resolutions usable from the keyboard, each asked first', async () => {
    let rows = [unanswered];
    serveList<OrderReturn>('/api/admin/returns', () => ({ rows }));
    const calls = recordJson('post', '/api/admin/returns/:id/refund', () => {
      rows = [{ ...unanswered, status: 'refunded', refundStatus: null, refundSentAt: null }];
      return HttpResponse.json(rows[0]);
    });
    const { user } = renderAdmin('/admin/returns');
    const notice = within(await screen.findByRole('group', { name: 'Refund sent, answer not received' }));
    expect(notice.getByText(/^The refund of the return of order #1042 \(\$24\.50\) was sent to the payment provider on/)).toHaveTextContent(
      /Check your WaafiPay or eDahab merchant account, then choose\.$/,
    );
    expect(within(screen.getByTestId('return-row')).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();

    // Mark refunded, then Cancel: nothing is sent.
    notice.getByRole('button', { name: 'Mark refunded of the return of order #1042' }).focus();
    await user.keyboard('{Enter}');
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Mark Refunded' }));
    expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    // Send again, confirmed from the keyboard: one call saying so.
    notice.getByRole('button', { name: 'Send again of the return of order #1042' }).focus();
    await user.keyboard('{Enter}');
    const resend = within(await screen.findByRole('alertdialog', { name: 'Send Refund Again' }));
    expect(resend.getByText(/otherwise the shopper is paid twice/)).toBeInTheDocument();
    await user.tab();
    expect(resend.getByRole('button', { name: 'Send again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await findToast('Refund of $24.50 sent again');
    expect(calls.map((c) => c.body)).toEqual([{ resolution: 'resend' }]);
    await waitFor(() => expect(screen.getByTestId('return-status')).toHaveTextContent('Refunded'));
    expect(screen.queryByRole('group', { name: 'Refund sent, answer not received' })).not.toBeInTheDocument();
  });

  it('shows why a resolution was refused (409) and keeps the choice open', async () => {
    serveList<OrderReturn>('/api/admin/returns', () => ({ rows: [unanswered] }));
    recordJson('post', '/api/admin/returns/:id/refund', () =>
      HttpResponse.json({ message: 'Only a refund whose answer was not received can be resolved' }, { status: 409 }),
    );
    const { user } = renderAdmin('/admin/returns');
    const notice = within(await screen.findByRole('group', { name: 'Refund sent, answer not received' }));
    await user.click(notice.getByRole('button', { name: /^Mark refunded/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Mark Refunded' })).getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a refund whose answer was not received can be resolved');
  });
});
