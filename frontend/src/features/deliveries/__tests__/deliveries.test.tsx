/**
 * The rider's phone screen (/deliveries, issue 43): their deliveries as cards with the address,
 * landmark, cash to collect, Call and WhatsApp; 'Delivered' with the shopper's code (and the
 * cash for a cash order), the server's refusals shown; 'Not delivered' with a reason; finished
 * ones below. Only whoever delivers may open it.
 */
import { http, HttpResponse } from 'msw';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import type { MyCash } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { makeOrderDelivery, makeRiderDelivery, makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const rider = () => makeUser({ role: 'rider', name: 'Abdi Warsame' });

/** The rider's cash of the day as GET /api/deliveries/cash answers it: nothing collected yet, unless told otherwise. */
const cashOfDay = (overrides: Partial<MyCash> = {}): MyCash => ({ date: '2026-12-02', deliveries: 0, collected: 0, handedIn: 0, inHand: 0, ...overrides });

function serveDeliveries(list: ReturnType<typeof makeRiderDelivery>[]) {
  let current = list;
  server.use(
    http.get('/api/deliveries', () => HttpResponse.json(current)),
    http.get('/api/deliveries/cash', () => HttpResponse.json(cashOfDay())),
  );
  return (next: typeof list) => {
    current = next;
  };
}

/** Serves the cash of the day as `answers` say, one a request (the last again after them); returns how often it was asked for. */
function serveCash(...answers: (MyCash | Response)[]) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/deliveries/cash', () => {
      const answer = answers[Math.min(asked.count++, answers.length - 1)];
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

/** A delivery's card, named by its heading: the order's number and the customer's name. */
const card = (d: ReturnType<typeof makeRiderDelivery>) => screen.getByRole('article', { name: `#${d.number} · ${d.customerName}` });

describe("the rider's deliveries", () => {
  it('show each out delivery with its landmark, cash to collect and call links, then the finished ones greyed', async () => {
    const cash = makeRiderDelivery({ number: 1042, customerName: 'Hodan Ali', cashToCollect: 53, itemCount: 1 });
    // The server sends no links without a number to call: the card offers none.
    const paid = makeRiderDelivery({ number: 1043, customerName: 'Amina Hassan', callUrl: null, whatsappUrl: null });
    const done = makeRiderDelivery({
      customerName: 'Faadumo Nur',
      status: 'delivered',
      delivery: makeOrderDelivery({ state: 'delivered', deliveredAt: '2026-11-27T09:30:00Z' }),
    });
    const failed = makeRiderDelivery({
      customerName: 'Sahra Omar',
      status: 'pending',
      delivery: makeOrderDelivery({ state: 'failed', attempts: [{ at: '2026-11-27T08:00:00Z', reason: 'wrongAddress' }] }),
    });
    serveDeliveries([cash, paid, done, failed]);
    renderApp('/deliveries', { user: rider() });

    expect(await screen.findByRole('heading', { level: 1, name: 'My deliveries' })).toBeInTheDocument();
    const out = within(screen.getByRole('region', { name: 'To deliver (2)' }));
    expect(out.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      '#1042 · Hodan Ali',
      '#1043 · Amina Hassan',
    ]);
    const first = within(card(cash));
    expect(first.getByText('Landmark: Near the Hodan market mosque')).toBeInTheDocument();
    expect(first.getByText('Maka Al Mukarama Road 12')).toBeInTheDocument();
    expect(first.getByText('Hodan, Mogadishu')).toBeInTheDocument();
    expect(first.getByText('1 item')).toBeInTheDocument();
    expect(first.getByText('Collect $53.00 in cash')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Call Hodan Ali' })).toHaveAttribute('href', 'tel:+252615551234');
    expect(first.getByRole('link', { name: 'WhatsApp Hodan Ali' })).toHaveAttribute('href', 'https://wa.me/252615551234');
    expect(within(card(paid)).queryByText(/in cash/)).not.toBeInTheDocument();
    expect(within(card(paid)).getByText('2 items')).toBeInTheDocument();
    expect(within(card(paid)).queryByRole('link')).not.toBeInTheDocument();

    const finished = within(screen.getByRole('region', { name: 'Finished today (2)' }));
    expect(finished.getByText(/^Delivered /)).toBeInTheDocument();
    expect(finished.getByText('Not delivered: Wrong address')).toBeInTheDocument();
    expect(within(card(failed)).queryByRole('button', { name: 'Delivered' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('is delivered with the code, the cash confirmed for a cash order; the card moves to the finished ones', async () => {
    const cash = makeRiderDelivery({ customerName: 'Hodan Ali', cashToCollect: 53 });
    const update = serveDeliveries([cash]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/deliveries/${cash._id}/delivered`, async ({ request }) => {
        bodies.push(await request.json());
        const delivered = { ...cash, status: 'delivered', cashToCollect: 0, delivery: makeOrderDelivery({ state: 'delivered', deliveredAt: '2026-11-27T10:00:00Z' }) };
        update([delivered]);
        return HttpResponse.json(delivered);
      }),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    const code = screen.getByLabelText('Delivery code from the customer');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // Nothing sent without the code and the cash.
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(code).toHaveAccessibleDescription('Type the 4-digit code the customer gives you.');
    expect(screen.getByText('Confirm you collected $53.00 in cash.')).toBeInTheDocument();
    await user.type(code, '04a27');
    expect(code).toHaveValue('0427');
    await user.click(screen.getByRole('checkbox', { name: 'I collected $53.00 in cash' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));

    expect(await findToast('Delivered to Hodan Ali. Thank you!')).toBeInTheDocument();
    expect(bodies).toEqual([{ code: '0427', cashCollected: 53 }]);
    expect(await screen.findByRole('region', { name: 'Finished today (1)' })).toBeInTheDocument();
    expect(screen.getByText('Nothing left to deliver. Well done!')).toBeInTheDocument();
  });

  it("shows the server's refusals: a wrong code with the tries left, the cash, five wrong codes", async () => {
    const paid = makeRiderDelivery({ customerName: 'Amina Hassan' });
    const update = serveDeliveries([paid]);
    const replies = [
      HttpResponse.json({ message: 'Invalid input', errors: { code: 'That is not the delivery code. 3 tries left.' } }, { status: 400 }),
      HttpResponse.json({ message: 'Five wrong codes: the shop must reset this delivery\'s code.' }, { status: 423 }),
    ];
    server.use(http.post(`/api/deliveries/${paid._id}/delivered`, () => replies.shift()));
    const { user } = renderApp('/deliveries', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    const code = screen.getByLabelText('Delivery code from the customer');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(code, '1111');
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('That is not the delivery code. 3 tries left.'));
    // Five wrong codes (423): the server's message, and the list asked again says the code is locked.
    update([{ ...paid, delivery: makeOrderDelivery({ codeLocked: true }) }]);
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText('Five wrong codes were typed. Call the shop to unlock this delivery.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delivered' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not delivered' })).toBeInTheDocument();
  });

  it("shows the server's 423 message when the list still says nothing of the lock", async () => {
    const paid = makeRiderDelivery({ customerName: 'Amina Hassan' });
    serveDeliveries([paid]);
    server.use(
      http.post(`/api/deliveries/${paid._id}/delivered`, () =>
        HttpResponse.json({ message: "Five wrong codes: the shop must reset this delivery's code." }, { status: 423 }),
      ),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    await user.type(screen.getByLabelText('Delivery code from the customer'), '1111');
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText("Five wrong codes: the shop must reset this delivery's code.")).toHaveAttribute('role', 'alert');
  });

  it('shows a cash refusal under the cash confirmation', async () => {
    const cash = makeRiderDelivery({ customerName: 'Hodan Ali', cashToCollect: 53 });
    serveDeliveries([cash]);
    server.use(
      http.post(`/api/deliveries/${cash._id}/delivered`, () =>
        HttpResponse.json({ message: 'Invalid input', errors: { cashCollected: 'Collect the order\'s total: $53.00.' } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Delivered' }));
    await user.type(screen.getByLabelText('Delivery code from the customer'), '0427');
    const box = screen.getByRole('checkbox', { name: 'I collected $53.00 in cash' });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription("Collect the order's total: $53.00."));
  });

  it('is not delivered for a reason the rider chooses', async () => {
    const paid = makeRiderDelivery({ customerName: 'Amina Hassan' });
    const update = serveDeliveries([paid]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/deliveries/${paid._id}/not-delivered`, async ({ request }) => {
        bodies.push(await request.json());
        const back = { ...paid, status: 'pending', delivery: makeOrderDelivery({ state: 'failed', attempts: [{ at: '2026-11-27T10:00:00Z', reason: 'anotherDay' }] }) };
        update([back]);
        return HttpResponse.json(back);
      }),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Not delivered' }));
    const reasons = within(screen.getByRole('group', { name: 'Why was it not delivered?' }));
    expect(reasons.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Could not reach the customer',
      'Refused',
      'Wrong address',
      'Asked for another day',
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose why it was not delivered.');
    await user.click(reasons.getByRole('radio', { name: 'Asked for another day' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('Saved. The order goes back to the shop.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'anotherDay' }]);
    expect(await screen.findByText('Not delivered: Asked for another day')).toBeInTheDocument();
  });

  it('says when there is nothing to deliver, and offers to try again after a failure', async () => {
    server.use(
      http.get('/api/deliveries', () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
      http.get('/api/deliveries/cash', () => HttpResponse.json(cashOfDay())),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    expect(await screen.findByText('Your deliveries could not be loaded.')).toBeInTheDocument();
    serveDeliveries([]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No deliveries for you right now. The shop will send you orders to deliver.')).toBeInTheDocument();
  });

  it('is for riders only: a customer is sent home; a rider finds it in the account menu', async () => {
    renderApp('/deliveries', { user: true });
    expect(await findToast('Access denied. This page is not part of your role.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('is linked from the account menu for a rider', async () => {
    serveDeliveries([]);
    const { user } = renderApp('/', { user: rider() });
    await user.click(await screen.findByRole('button', { name: 'Account menu for Abdi Warsame' }));
    await user.click(screen.getByRole('menuitem', { name: 'My deliveries' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My deliveries' })).toBeInTheDocument();
  });

  it("shows the cash in hand for the day, and asks for it again once a cash delivery is handed over", async () => {
    const cash = makeRiderDelivery({ customerName: 'Hodan Ali', cashToCollect: 20 });
    const update = serveDeliveries([cash]);
    const asked = serveCash(
      cashOfDay({ deliveries: 3, collected: 66, handedIn: 40, inHand: 26 }),
      cashOfDay({ deliveries: 4, collected: 86, handedIn: 40, inHand: 46 }),
    );
    server.use(
      http.post(`/api/deliveries/${cash._id}/delivered`, () => {
        const delivered = { ...cash, status: 'delivered', cashToCollect: 0, delivery: makeOrderDelivery({ state: 'delivered', deliveredAt: '2026-12-02T10:00:00Z' }) };
        update([delivered]);
        return HttpResponse.json(delivered);
      }),
    );
    const { user } = renderApp('/deliveries', { user: rider() });
    const region = await screen.findByRole('region', { name: 'Cash in hand today: $26.00' });
    expect(region).toHaveTextContent('Cash in hand today: $26.00(collected $66.00 from 3 deliveries, handed in $40.00)');
    // Above the deliveries: the first thing a rider reads.
    expect(region.compareDocumentPosition(screen.getByRole('region', { name: 'To deliver (1)' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    await user.type(screen.getByLabelText('Delivery code from the customer'), '0427');
    await user.click(screen.getByRole('checkbox', { name: 'I collected $20.00 in cash' }));
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByRole('region', { name: 'Cash in hand today: $46.00' })).toHaveTextContent(
      '(collected $86.00 from 4 deliveries, handed in $40.00)',
    );
    expect(asked.count).toBe(2);
  });

  it('says one delivery as one, and the cash in Somali', async () => {
    serveDeliveries([makeRiderDelivery()]);
    serveCash(cashOfDay({ deliveries: 1, collected: 20, handedIn: 0, inHand: 20 }));
    renderApp('/deliveries', { user: rider() });
    expect(await screen.findByRole('region', { name: 'Cash in hand today: $20.00' })).toHaveTextContent(
      '(collected $20.00 from 1 delivery, handed in $0.00)',
    );
    await act(() => setLanguage('so'));
    expect(await screen.findByTestId('cash-in-hand')).toHaveTextContent(
      'Lacagta caddaanka ah ee gacantaada maanta: $20.00(waxaad ka ururisay $20.00 1 gaarsiin, waxaad dhiibtay $0.00)',
    );
  });

  it('says when the cash of the day could not be loaded, the deliveries still shown, and Try Again asks again', async () => {
    const paid = makeRiderDelivery({ customerName: 'Amina Hassan' });
    serveDeliveries([paid]);
    const asked = serveCash(HttpResponse.json({ message: 'Server error' }, { status: 500 }), cashOfDay({ deliveries: 2, collected: 30, handedIn: 30, inHand: 0 }));
    const { user } = renderApp('/deliveries', { user: rider() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your cash of today could not be loaded.');
    expect(card(paid)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Cash in hand today: $0.00' })).toBeInTheDocument();
    expect(asked.count).toBe(2);
  });
});
