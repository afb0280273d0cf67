/**
 * Refunding a return no payment provider can refund (`refundByHand`: cash on delivery, or a
 * payment confirmed by hand): the admin says how the money was paid out, the PUT carries it as
 * `refundPaidWith`, and the refunded return says how it was paid. A return a provider refunds
 * keeps its confirmation.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderReturn } from '@/lib/types';
import { axeViolations, stubElementFromPoint } from '@/testing/axe';
import { makeOrderDetail, makeReturn } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { recordJson, renderAdmin, serveList } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../returns/components/ReturnsPage');
  await import('../orders/components/OrderPage');
});

let undoStub = () => {};
beforeEach(() => {
  undoStub = stubElementFromPoint();
});
afterEach(() => undoStub());

const ORDER = 'c0d00001-0000-7000-8000-000000000001';
const byHand = makeReturn({
  _id: 'r-cash',
  orderId: ORDER,
  orderNumber: '#1077',
  status: 'received',
  refundAmount: 24.5,
  refundByHand: true,
  customer: { _id: 'u1', name: 'Amina Hassan', email: 'amina@example.com' },
  nextSteps: ['refunded'],
});

/** What the server answers once the return is refunded, paid out as the body says. */
const refunded = (ret: OrderReturn, body: unknown) =>
  HttpResponse.json({ ...ret, status: 'refunded', nextSteps: [], refundPaidWith: (body as { refundPaidWith?: string }).refundPaidWith ?? null });

/** The Returns screen with `ret`, refunded as the server answers each PUT; returns the PUTs' bodies. */
function serveReturn(ret: OrderReturn, reply: (body: unknown) => Response = (body) => refunded(ret, body)) {
  let rows = [ret];
  serveList<OrderReturn>('/api/admin/returns', () => ({ rows }));
  const calls = recordJson('put', '/api/admin/returns/:id', (body) => {
    const res = reply(body);
    if (res.ok) void res.clone().json().then((row: OrderReturn) => (rows = [row]));
    return res;
  });
  return () => calls.map((c) => c.body);
}

async function openRefund(ret: OrderReturn) {
  const utils = renderAdmin('/admin/returns');
  const row = within((await screen.findAllByTestId('return-row'))[0]);
  await utils.user.click(row.getByRole('button', { name: /^Refund/ }));
  const dialog = await screen.findByRole('alertdialog', { name: ret.refundByHand ? 'Refund by hand' : 'Refund Return' });
  return { ...utils, row, dialog: within(dialog), node: dialog };
}

describe('admin returns: a refund by hand', () => {
  it('asks how it was paid out, refuses no choice in the form, and sends the choice made from the keyboard', async () => {
    const sent = serveReturn(byHand);
    const { user, dialog, node } = await openRefund(byHand);
    expect(node).toHaveAccessibleDescription(
      'No payment provider can refund order #1077: it was paid in cash on delivery or confirmed by hand. Pay $24.50 back to Amina Hassan yourself, then say how.',
    );
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const group = within(dialog.getByRole('group', { name: 'Paid out with' }));
    expect(group.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['cash', 'evc-plus', 'zaad', 'sahal', 'edahab']);
    expect(group.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['Cash', 'EVC Plus', 'ZAAD', 'SAHAL', 'eDahab']);
    expect(await axeViolations(node)).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Record refund' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(/^Choose how the refund was paid out$/);
    expect(dialog.getByRole('group', { name: 'Paid out with' })).toHaveAccessibleDescription('Choose how the refund was paid out');
    expect(group.getByRole('radio', { name: 'Cash' })).toHaveFocus();
    expect(await axeViolations(node)).toEqual([]);
    expect(sent()).toEqual([]);

    // Space picks the focused choice, and the message goes; Enter sends the form.
    await user.keyboard(' ');
    expect(group.getByRole('radio', { name: 'Cash' })).toBeChecked();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await findToast('Refunded $24.50');
    expect(sent()).toEqual([{ status: 'refunded', refundPaidWith: 'cash' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const row = within(screen.getByTestId('return-row'));
    await waitFor(() => expect(row.getByTestId('return-status')).toHaveTextContent('Refunded'));
    expect(row.getByText('Paid out in cash')).toBeInTheDocument();
  });

  it("shows the server's message on the choice by it, keeps the dialog open, and says so without the amount", async () => {
    const noAmount = { ...byHand, refundAmount: undefined };
    let refuse = true;
    const sent = serveReturn(noAmount, (body) =>
      refuse
        ? HttpResponse.json({ message: 'Validation failed', errors: { refundPaidWith: 'Choose cash or a wallet: EVC Plus, ZAAD, SAHAL, eDahab' } }, { status: 400 })
        : refunded(noAmount, body),
    );
    const { user, dialog, node } = await openRefund(noAmount);
    expect(node).toHaveAccessibleDescription(
      'No payment provider can refund order #1077: it was paid in cash on delivery or confirmed by hand. Pay the money back to Amina Hassan yourself, then say how.',
    );
    await user.click(dialog.getByRole('radio', { name: 'ZAAD' }));
    await user.click(dialog.getByRole('button', { name: 'Record refund' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Choose cash or a wallet: EVC Plus, ZAAD, SAHAL, eDahab$/);
    expect(dialog.getByRole('group', { name: 'Paid out with' })).toHaveAccessibleDescription('Choose cash or a wallet: EVC Plus, ZAAD, SAHAL, eDahab');
    expect(sent()).toEqual([{ status: 'refunded', refundPaidWith: 'zaad' }]);
    // Not the screen's failure notice: the message is the dialog's.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // Another choice clears it; this one is taken.
    refuse = false;
    await user.click(dialog.getByRole('radio', { name: 'EVC Plus' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Record refund' }));
    await findToast('Return refunded');
    expect(sent()).toEqual([
      { status: 'refunded', refundPaidWith: 'zaad' },
      { status: 'refunded', refundPaidWith: 'evc-plus' },
    ]);
    expect(await within(screen.getByTestId('return-row')).findByText('Paid out with EVC Plus')).toBeInTheDocument();
  });

  it('Cancel sends nothing', async () => {
    const sent = serveReturn(byHand);
    const { user, dialog } = await openRefund(byHand);
    await user.click(dialog.getByRole('radio', { name: 'SAHAL' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('keeps the provider confirmation for a return a provider refunds, sending no payout', async () => {
    const byProvider = { ...byHand, refundByHand: false };
    const sent = serveReturn(byProvider);
    const { user, dialog } = await openRefund(byProvider);
    expect(dialog.getByText(/The money goes back through the payment provider; this cannot be undone\.$/)).toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await findToast('Refunded $24.50');
    expect(sent()).toEqual([{ status: 'refunded' }]);
    await waitFor(() => expect(within(screen.getByTestId('return-row')).getByTestId('return-status')).toHaveTextContent('Refunded'));
    expect(screen.queryByText(/^Paid out/)).not.toBeInTheDocument();
  });

  it("says on the order's page how a refund by hand was paid out", async () => {
    const order = makeOrderDetail({ _id: ORDER, paymentMethod: 'cash-on-delivery' });
    const done = { ...byHand, status: 'refunded' as const, nextSteps: [], refundPaidWith: 'edahab' };
    server.use(
      http.get('/api/orders/:id', () => HttpResponse.json(order)),
      http.get('/api/orders/:id/returns', () => HttpResponse.json([done, makeReturn({ orderId: ORDER, status: 'refunded', nextSteps: [] })])),
    );
    renderAdmin(`/admin/orders/${ORDER}`);
    const [first, second] = (await screen.findAllByTestId('return')).map((r) => within(r));
    expect(first.getByText('Paid out with eDahab')).toBeInTheDocument();
    expect(second.queryByText(/^Paid out/)).not.toBeInTheDocument();
  });
});
