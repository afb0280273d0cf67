/**
 * The page of a payment link (/pay/:token), opened by a phone order's customer without an
 * account: the order from the server, paying it (a wallet, a card), the waiting and the asking
 * again while a payment is under way, the refusals, and the links that cannot be used.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LinkedOrder } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { defaultSettings, makePaymentMethods } from '@/testing/data';
import { server } from '@/testing/server';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { POLL_MS } from '../api/pay-link';

beforeAll(async () => {
  await import('../components/PayLinkPage');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TOKEN = 'Q3x9Lk2mP0aZ7vB1nC4dE6fG8hJ5kL2m';
const PAID = 'Paid. Thank you! Your order is confirmed.';
const CONFIRM = 'Confirm the payment on your phone with your PIN. This page shows when it is paid.';
const PAID_GONE = 'This order is paid. Thank you!';

/** An order taken by phone, as its link's page is sent it: a dress in M and black shoes, SAVE5 taking $5 off, 30 minutes left. */
function linkedOrder(overrides: Partial<LinkedOrder> = {}): LinkedOrder {
  return {
    orderNumber: '#5f2c9a1e',
    products: [
      {
        _id: 'o1-1',
        productId: { _id: 'p1', name: 'Floral Summer Dress', image: null },
        name: 'Floral Summer Dress',
        image: null,
        price: 24,
        variant: { _id: 'v1', size: 'M', colour: 'Red', sku: 'FSD-M-RED' },
        quantity: 2,
        lineTotal: 48,
      },
      { _id: 'o1-2', productId: { _id: 'p2', name: 'Leather Sandals', image: null }, name: 'Leather Sandals', image: null, price: 15, variant: null, quantity: 1, lineTotal: 15 },
    ],
    shippingAddress: {
      fullName: 'Amina Hassan',
      phone: '252615551234',
      city: 'Mogadishu',
      district: 'Hodan',
      addressLine: 'Maka Al Mukarama Road 12',
      landmark: 'Near the Hodan market mosque',
    },
    subtotal: 63,
    shippingFee: 2,
    discountCode: 'SAVE5',
    discountAmount: 5,
    totalAmount: 60,
    paying: false,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    paymentMethods: ['evc-plus', 'zaad', 'card'],
    paymentPhone: '615551234',
    state: 'open',
    status: 'pending',
    paymentStatus: 'pending',
    paid: overrides.paymentStatus === 'paid',
    paymentMethod: null,
    ...overrides,
  };
}

/** Serves the link as `answers` say, one a request (the last one again after them); returns how often it was asked for. */
function serveLink(...answers: (LinkedOrder | Response)[]) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods(['evc-plus', 'zaad', 'sahal', 'edahab', 'card']))),
    http.get(`/api/pay/${TOKEN}`, () => {
      const answer = answers[Math.min(asked.count++, answers.length - 1)];
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

/** Records the payments' bodies and headers, answering each with `reply`. */
function payAnswers(reply: () => Response) {
  const sent: { body: unknown; authorization: string | null }[] = [];
  server.use(
    http.post(`/api/pay/${TOKEN}`, async ({ request }) => {
      sent.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
      return reply();
    }),
  );
  return sent;
}

const gone = (message: string) => HttpResponse.json({ message }, { status: 410 });

/** Opens the link's page; `heading()` waits for the order, `form()` for the payment form too (once the methods' names and prefixes have come). */
function openLink() {
  const utils = renderApp(`/pay/${TOKEN}`);
  const heading = () => screen.findByRole('heading', { level: 1, name: 'Order #5f2c9a1e' });
  return { ...utils, heading, form: () => heading().then(() => screen.findByRole('group', { name: 'Payment method' })) };
}

const methodGroup = () => screen.getByRole('group', { name: 'Payment method' });

describe('a payment link', () => {
  it("shows the server's order (lines, delivery, amounts, time left) and pays with EVC Plus: the paid message ends the page", async () => {
    serveLink(linkedOrder());
    const sent = payAnswers(() => HttpResponse.json({ message: PAID, paymentStatus: 'paid' }, { status: 201 }));
    const { user, form } = openLink();
    await form();
    expect(document.title).toBe('Pay for your order | Dukaan Fashion');

    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByText('Floral Summer Dress')).toBeInTheDocument();
    expect(within(lines[0]).getByTestId('line-variant')).toHaveTextContent('Size M · Red');
    expect(lines[0]).toHaveTextContent('Qty 2 × $24.00');
    expect(lines[0]).toHaveTextContent('$48.00');
    expect(within(lines[1]).getByText('Leather Sandals')).toBeInTheDocument();
    expect(lines[1]).toHaveTextContent('$15.00');
    const amounts = (label: string) => screen.getByText(label).nextSibling;
    expect(amounts('Subtotal')).toHaveTextContent('$63.00');
    expect(amounts('Discount (SAVE5)')).toHaveTextContent('-$5.00');
    expect(amounts('Shipping')).toHaveTextContent('$2.00');
    expect(amounts('Total')).toHaveTextContent('$60.00');
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('Amina Hassan');
    expect(address).toHaveTextContent('Maka Al Mukarama Road 12');
    expect(address).toHaveTextContent('Landmark: Near the Hodan market mosque');
    expect(address).toHaveTextContent('Hodan, Mogadishu');
    expect(screen.getByTestId('link-expiry')).toHaveTextContent('30 minutes left to pay');

    // The link's methods only, the customer's number to pay from (its wallet chosen).
    expect(within(methodGroup()).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['evc-plus', 'zaad', 'card']);
    expect(within(methodGroup()).getByRole('radio', { name: 'EVC Plus' })).toBeChecked();
    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveValue('615551234');
    expect(screen.queryByText(/sandbox/i)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    await waitFor(() => expect(screen.getByTestId('link-end')).toHaveTextContent(PAID));
    expect(screen.getByTestId('link-end').closest('[role="status"]')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { paymentMethod: 'evc-plus', paymentPhone: '615551234' }, authorization: null }]);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('link-expiry')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('waits for the payer after a 202, asking again every 3 s while paying, until the paid message (410)', async () => {
    const asked = serveLink(linkedOrder(), linkedOrder({ paying: true }), gone(PAID_GONE));
    payAnswers(() => HttpResponse.json({ message: CONFIRM, paymentStatus: 'pending' }, { status: 202 }));
    // Only the polling's clock is faked; requests keep real timers (vi.waitFor polls on real ones).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { user, form } = openLink();
    await form();
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '{Control>}a{/Control}63 444 1234');
    expect(within(methodGroup()).getByRole('radio', { name: 'ZAAD' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with ZAAD' }));

    const waiting = await screen.findByTestId('payment-under-way');
    expect(waiting).toHaveTextContent(CONFIRM);
    expect(waiting.closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(asked.count).toBe(1);

    vi.advanceTimersByTime(POLL_MS);
    await vi.waitFor(() => expect(asked.count).toBe(2));
    expect(screen.getByTestId('payment-under-way')).toHaveTextContent(CONFIRM);

    vi.advanceTimersByTime(POLL_MS);
    await vi.waitFor(() => expect(screen.getByTestId('link-end')).toHaveTextContent(PAID_GONE));
    expect(screen.queryByTestId('payment-under-way')).not.toBeInTheDocument();

    // Ended: no more requests.
    vi.advanceTimersByTime(POLL_MS * 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.count).toBe(3);
  });

  it('gives the form back with a notice when a payment under way ends unpaid', async () => {
    const asked = serveLink(linkedOrder({ paying: true }), linkedOrder());
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { heading } = openLink();
    await heading();
    // Opened while paying: the waiting, not the form.
    expect(screen.getByTestId('payment-under-way')).toHaveTextContent('A payment of this order is under way. This page shows when it is paid.');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();

    vi.advanceTimersByTime(POLL_MS);
    await vi.waitFor(() => expect(asked.count).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment was not completed. You can try again, another way or with another number.',
    );
    expect(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' })).toBeEnabled();
    expect(screen.queryByTestId('payment-under-way')).not.toBeInTheDocument();
  });

  it('says a decline (402) in the server words and keeps the form to try again', async () => {
    serveLink(linkedOrder());
    const declined = 'The payment was declined: the balance is too low.';
    const sent = payAnswers(() => HttpResponse.json({ message: declined }, { status: 402 }));
    const { user, form } = openLink();
    await form();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(declined);
    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveValue('615551234');
    expect(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it("shows the server's messages about the method and the number under them (400)", async () => {
    serveLink(linkedOrder());
    payAnswers(() =>
      HttpResponse.json(
        { message: 'Please check the highlighted fields', errors: { paymentPhone: 'This number belongs to ZAAD. Choose ZAAD to pay with it.', paymentMethod: 'Card is not available in this shop' } },
        { status: 400 },
      ),
    );
    const { user, form } = openLink();
    await form();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    await waitFor(() => expect(methodGroup()).toHaveAccessibleDescription('Card is not available in this shop'));
    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveAccessibleDescription(
      'This number belongs to ZAAD. Choose ZAAD to pay with it. Enter your EVC Plus phone number for payment processing',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the browser to the card page of a 202 with a redirectUrl', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveLink(linkedOrder());
    const redirectUrl = '/sandbox/card?order=0193a2b4&amount=60.00';
    const sent = payAnswers(() => HttpResponse.json({ message: 'Pay on the card page', paymentStatus: 'pending', redirectUrl }, { status: 202 }));
    const { user, form } = openLink();
    await form();
    await user.click(within(methodGroup()).getByRole('radio', { name: 'Card' }));
    expect(screen.getByLabelText('Phone number for delivery updates')).toHaveValue('615551234');
    expect(screen.getByTestId('card-note')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 by card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    expect(sent.map((s) => s.body)).toEqual([{ paymentMethod: 'card', paymentPhone: '615551234' }]);
    expect(screen.getByText('Opening the secure card page...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
  });

  it("shows the sandbox's test numbers of the link's wallets when payments are simulated", async () => {
    serveLink(linkedOrder());
    server.use(http.get('/api/settings', () => HttpResponse.json({ ...defaultSettings, sandboxPayments: true })));
    const { heading } = openLink();
    await heading();
    const numbers = await screen.findByTestId('sandbox-numbers');
    expect(within(numbers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['EVC Plus 252610000001', 'ZAAD 252630000001']);
  });

  it.each([
    [404, 'This payment link is not valid. Ask the shop for a new one.'],
    [410, 'This payment link has expired or its order was canceled. Ask the shop for a new one.'],
    [410, PAID_GONE],
  ])("a link answered %i says the server's message as the page, with the way to the shop", async (status, message) => {
    serveLink(HttpResponse.json({ message }, { status }));
    renderApp(`/pay/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sign in/i })).not.toBeInTheDocument();
  });

  it('has no accessibility violations (axe), with the form and once paid', async () => {
    serveLink(linkedOrder({ paymentMethods: ['evc-plus', 'zaad', 'sahal', 'edahab', 'card'] }));
    payAnswers(() => HttpResponse.json({ message: PAID, paymentStatus: 'paid' }, { status: 201 }));
    const { user, form } = openLink();
    await form();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    await screen.findByTestId('link-end');
    expect(await axeViolations()).toEqual([]);
  });

  it('scrolls to the confirmation once paid and moves the focus to it, the order below with its status once the server says it', async () => {
    const scrolled = vi.fn();
    const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scrolled;
    try {
      serveLink(linkedOrder(), linkedOrder({ state: 'settled', paymentStatus: 'paid', paymentMethod: 'evc-plus', status: 'pending', paymentMethods: [] }));
      payAnswers(() => HttpResponse.json({ message: PAID, paymentStatus: 'paid' }, { status: 201 }));
      const { user, form } = openLink();
      await form();
      await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
      const confirmation = await screen.findByRole('heading', { level: 2, name: PAID });
      await waitFor(() => expect(confirmation).toHaveFocus());
      expect(confirmation).toHaveAttribute('tabindex', '-1');
      expect(scrolled).toHaveBeenCalled();
      expect(scrolled.mock.contexts.at(-1)).toBe(confirmation);
      // The order asked again: paid, and where it stands.
      await waitFor(() => expect(screen.getByTestId('link-paid')).toHaveTextContent('PaymentPaid with EVC PlusOrder statusPending'));
      expect(screen.getAllByTestId('order-line')).toHaveLength(2);
      expect(screen.getByText('Total').nextSibling).toHaveTextContent('$60.00');
      // The confirmation first, then the way to the shop, then the order.
      const shop = screen.getByRole('link', { name: 'Continue Shopping' });
      expect(confirmation.compareDocumentPosition(shop) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(shop.compareDocumentPosition(screen.getByRole('region', { name: 'Your order' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(await axeViolations()).toEqual([]);
    } finally {
      if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('a paid link reloaded shows the order paid, with its status: number, lines and totals, no form, no error', async () => {
    const errors = vi.spyOn(console, 'error');
    serveLink(linkedOrder({ state: 'settled', paymentStatus: 'paid', paymentMethod: 'zaad', status: 'shipped', paymentMethods: [], expiresAt: new Date(Date.now() - 60_000).toISOString() }));
    const { heading } = openLink();
    await heading();
    const end = await screen.findByTestId('link-end');
    expect(within(end).getByRole('heading', { level: 2 })).toHaveTextContent('This order is paid. Thank you!');
    expect(screen.getByTestId('link-paid')).toHaveTextContent('PaymentPaid with ZAADOrder statusShipped');
    const lines = screen.getAllByTestId('order-line');
    expect(lines.map((l) => within(l).getByText(/Dress|Sandals/).textContent)).toEqual(['Floral Summer Dress', 'Leather Sandals']);
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('$63.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$60.00');
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('link-expiry')).not.toBeInTheDocument();
    expect(screen.queryByText('This order cannot be paid here. Ask the shop how to pay it.')).not.toBeInTheDocument();
    // Opened paid: the focus stays where a page starts.
    expect(document.activeElement).toBe(document.body);
    expect(await axeViolations()).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('a payment under way that the server then says is paid (200) shows it paid, focused, with no notice to try again', async () => {
    const asked = serveLink(linkedOrder(), linkedOrder({ paying: true, state: 'paying', paymentMethod: 'evc-plus' }), linkedOrder({ state: 'settled', paymentStatus: 'paid', paymentMethod: 'evc-plus', status: 'pending', paymentMethods: [] }));
    payAnswers(() => HttpResponse.json({ message: CONFIRM, paymentStatus: 'pending' }, { status: 202 }));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { user, form } = openLink();
    await form();
    await user.click(screen.getByRole('button', { name: 'Pay $60.00 with EVC Plus' }));
    await screen.findByTestId('payment-under-way');
    vi.advanceTimersByTime(POLL_MS);
    await vi.waitFor(() => expect(asked.count).toBe(2));
    vi.advanceTimersByTime(POLL_MS);
    const confirmation = await vi.waitFor(() => screen.getByRole('heading', { level: 2, name: 'This order is paid. Thank you!' }));
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(screen.getByTestId('link-paid')).toHaveTextContent('PaymentPaid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/The payment was not completed/)).not.toBeInTheDocument();
  });

  it('an order to be paid in cash, as the server says it: settled, with its method and status', async () => {
    serveLink(linkedOrder({ state: 'settled', paymentStatus: 'pending', paymentMethod: 'cash-on-delivery', status: 'shipped', paymentMethods: [] }));
    const { heading } = openLink();
    await heading();
    expect(await screen.findByRole('heading', { level: 2, name: 'This order is paid in cash when it is delivered.' })).toBeInTheDocument();
    expect(screen.getByTestId('link-paid')).toHaveTextContent('PaymentCash on deliveryOrder statusShipped');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
