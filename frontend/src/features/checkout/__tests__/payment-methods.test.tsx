/**
 * The checkout's ways to pay: the methods the server offers as a choice, the number typed
 * picking its wallet, each wallet's texts, a card's page, and the sandbox's test numbers.
 */
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import type { PaymentMethodId } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { defaultSettings, makeCart, makeOrder, makeOrderDetail, makePaymentMethods, makeProduct, WALLETS } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

function shop(methods: readonly PaymentMethodId[]) {
  server.use(
    http.get('/api/cart', () => HttpResponse.json(makeCart([{ product: makeProduct({ price: 20 }), quantity: 2 }]))),
    http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods(methods))),
  );
}

/** Records the checkout requests' bodies, answering each with `reply`. */
function checkoutAnswers(reply: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/orders/checkout', async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

async function fillAddress(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('City'), 'Hargeisa');
  await user.type(screen.getByLabelText('District'), 'Jigjiga Yar');
  await user.type(screen.getByLabelText('Address Line'), 'Near the Jigjiga Yar market');
}

const methodGroup = () => screen.getByRole('group', { name: 'Payment method' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment methods at checkout', () => {
  it('offers the available methods as a radio group, EVC Plus first with SPEC.md texts; the arrow keys choose', async () => {
    shop([...WALLETS, 'card', 'cash-on-delivery']);
    const { user } = renderApp('/checkout', { user: true });
    const group = await screen.findByRole('group', { name: 'Payment method' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['evc-plus', 'zaad', 'sahal', 'edahab', 'card', 'cash-on-delivery']);
    expect(within(group).getByRole('radio', { name: 'EVC Plus' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Card' })).toHaveAccessibleDescription('Visa · Mastercard');
    // Cash on delivery waits for a place whose zone takes cash (checkout/__tests__/cash-on-delivery.test.tsx).
    expect(within(group).getByRole('radio', { name: 'Cash on delivery' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: 'Cash on delivery' })).toHaveAccessibleDescription('Choose where to deliver first');

    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveAttribute('placeholder', '61 234 5678');
    expect(screen.getByText('Enter your EVC Plus phone number for payment processing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $45.00 with EVC Plus' })).toBeDisabled();

    await user.click(within(group).getByRole('radio', { name: 'EVC Plus' }));
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'ZAAD' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'ZAAD' })).toHaveFocus();
    expect(screen.getByLabelText('ZAAD Phone Number')).toHaveAttribute('placeholder', '63 234 5678');
    expect(screen.getByText('Enter your ZAAD phone number for payment processing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $45.00 with ZAAD' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps the form as SPEC.md shows it when there is one method: nothing to choose', async () => {
    shop(['evc-plus']);
    renderApp('/checkout', { user: true });
    expect(await screen.findByLabelText('EVC Plus Phone Number')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $45.00 with EVC Plus' })).toBeInTheDocument();
  });

  it('the number typed picks its wallet: 63 444 1234 is ZAAD, whose texts follow, and ZAAD is what is sent', async () => {
    shop(WALLETS);
    const bodies = checkoutAnswers(async () => {
      await delay(100);
      return HttpResponse.json({ message: 'Order placed successfully', order: makeOrder({ paymentMethod: 'zaad' }) }, { status: 201 });
    });
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '63 444 1234');
    expect(within(methodGroup()).getByRole('radio', { name: 'ZAAD' })).toBeChecked();
    expect(screen.getByLabelText('ZAAD Phone Number')).toHaveValue('63 444 1234');
    expect(screen.getByLabelText('ZAAD Phone Number')).toHaveAccessibleDescription('Enter your ZAAD phone number for payment processing');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $45.00 with ZAAD' }));
    expect(await screen.findByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    // While ZAAD waits for the payer, the instruction names it.
    expect(within(screen.getByTestId('payment-waiting')).getByText('Confirm on your phone with your ZAAD PIN.')).toBeInTheDocument();
    await findToast('Order placed successfully! Redirecting...');
    expect(bodies).toEqual([expect.objectContaining({ paymentMethod: 'zaad', paymentPhone: '63 444 1234' })]);
  });

  it("shows the server's refusal of a number under the field, and of a method under the choice", async () => {
    shop([...WALLETS, 'card']);
    let reply = 0;
    checkoutAnswers(() =>
      ++reply === 1
        ? HttpResponse.json(
            { message: 'Please check the highlighted fields', errors: { paymentPhone: 'This number belongs to ZAAD. Choose ZAAD to pay with it.' } },
            { status: 400 },
          )
        : HttpResponse.json(
            { message: 'Please check the highlighted fields', errors: { paymentMethod: 'Card is not available in this shop' } },
            { status: 400 },
          ),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '634441234');
    // The shopper chooses EVC Plus again after the number picked ZAAD.
    await user.click(within(methodGroup()).getByRole('radio', { name: 'EVC Plus' }));
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $45.00 with EVC Plus' }));
    await findToast('Please check the highlighted fields');
    expect(screen.getByLabelText('EVC Plus Phone Number')).toHaveAccessibleDescription(
      'This number belongs to ZAAD. Choose ZAAD to pay with it. Enter your EVC Plus phone number for payment processing',
    );

    await user.click(within(methodGroup()).getByRole('radio', { name: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Pay $45.00 by card' }));
    await waitFor(() => expect(methodGroup()).toHaveAccessibleDescription('Card is not available in this shop'));
    await user.click(within(methodGroup()).getByRole('radio', { name: 'SAHAL' }));
    expect(methodGroup()).not.toHaveAccessibleDescription();
  });

  it('a card: its own texts, a note on the card page, and the browser sent to the redirectUrl with the cart kept', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    shop([...WALLETS, 'card']);
    const redirectUrl = '/sandbox/card?order=0193a2b4&amount=45.00';
    const order = makeOrder({ paymentMethod: 'card', paymentStatus: 'pending' });
    const bodies = checkoutAnswers(() => HttpResponse.json({ message: 'Pay on the card page', order, redirectUrl }, { status: 202 }));
    const { user } = renderApp('/checkout', { user: true });
    await user.click(within(await screen.findByRole('group', { name: 'Payment method' })).getByRole('radio', { name: 'Card' }));

    const phone = screen.getByLabelText('Phone number for delivery updates');
    expect(phone).toHaveAccessibleDescription(
      'A mobile number in Somalia for our text messages and the rider: yours, or that of whoever receives the parcel.',
    );
    expect(screen.getByTestId('card-note')).toHaveTextContent(
      "When you press Pay, our payment partner's secure card page opens: pay there with Visa or Mastercard.",
    );
    expect(screen.queryByText('You will be asked to confirm the payment on your phone.')).not.toBeInTheDocument();
    // A number of a wallet does not take the choice away from the card.
    await user.type(phone, '63 444 1234');
    expect(within(methodGroup()).getByRole('radio', { name: 'Card' })).toBeChecked();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $45.00 by card' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    expect(bodies).toEqual([expect.objectContaining({ paymentMethod: 'card', paymentPhone: '63 444 1234' })]);
    expect(screen.getByRole('button', { name: 'Processing Payment...' })).toBeDisabled();
    expect(screen.getByText('Opening the secure card page...')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    expect(screen.queryByText('Order placed successfully! Redirecting...')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/checkout$/);
    // The cart stays until the card is approved.
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  describe('refused while an earlier payment is still open (409)', () => {
    const AWAITED = 'Your previous payment is still being confirmed. Please wait before paying again.';
    const pageUrl = 'https://pay.waafipay.example/hpp/ABC123?lang=en';

    /** The shopper's orders, newest first, counting the requests. */
    function myOrders(...orders: ReturnType<typeof makeOrder>[]) {
      const asked = { count: 0 };
      server.use(
        http.get('/api/orders', () => {
          asked.count += 1;
          return HttpResponse.json(orders);
        }),
      );
      return asked;
    }

    async function payByCard() {
      checkoutAnswers(() => HttpResponse.json({ message: AWAITED }, { status: 409 }));
      const { user } = renderApp('/checkout', { user: true });
      await user.click(within(await screen.findByRole('group', { name: 'Payment method' })).getByRole('radio', { name: 'Card' }));
      await user.type(screen.getByLabelText('Phone number for delivery updates'), '61 555 1234');
      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Pay $45.00 by card' }));
      await findToast(AWAITED);
    }

    it("beside the server's message, the way back to the card page of the latest order", async () => {
      shop([...WALLETS, 'card']);
      const asked = myOrders(
        makeOrder({ paymentMethod: 'card', paymentStatus: 'pending', paymentPageUrl: pageUrl }),
        makeOrder({ paymentMethod: 'zaad' }),
      );
      await payByCard();
      const open = await screen.findByTestId('card-payment-open');
      expect(open).toHaveTextContent('Your previous order is still waiting for your card payment.');
      // A plain link: the card page is not a page of the app.
      expect(within(open).getByRole('link', { name: 'Go back to the card page' })).toHaveAttribute('href', pageUrl);
      // The orders are asked for only after the refusal.
      expect(asked.count).toBeGreaterThanOrEqual(1);
      expect(screen.getByRole('button', { name: 'Pay $45.00 by card' })).toBeEnabled();
      expect(location()).toHaveTextContent(/^\/checkout$/);
      expect(await axeViolations()).toEqual([]);
    });

    it('offers nothing more when the latest order has no card page open (a wallet waiting for its payer)', async () => {
      shop([...WALLETS, 'card']);
      const asked = myOrders(makeOrder({ paymentMethod: 'evc-plus', paymentStatus: 'pending', awaitingPayment: true }));
      await payByCard();
      await waitFor(() => expect(asked.count).toBeGreaterThanOrEqual(1));
      await new Promise((r) => setTimeout(r, 100));
      expect(screen.queryByTestId('card-payment-open')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Go back to the card page' })).not.toBeInTheDocument();
    });

    it("asks for the orders only after a 409: not on another refusal", async () => {
      shop([...WALLETS, 'card']);
      const asked = myOrders(makeOrder({ paymentMethod: 'card', paymentStatus: 'pending', paymentPageUrl: pageUrl }));
      checkoutAnswers(() => HttpResponse.json({ message: 'The card page could not be opened' }, { status: 502 }));
      const { user } = renderApp('/checkout', { user: true });
      await user.click(within(await screen.findByRole('group', { name: 'Payment method' })).getByRole('radio', { name: 'Card' }));
      await user.type(screen.getByLabelText('Phone number for delivery updates'), '61 555 1234');
      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Pay $45.00 by card' }));
      await findToast('The card page could not be opened');
      await new Promise((r) => setTimeout(r, 100));
      expect(asked.count).toBe(0);
      expect(screen.queryByTestId('card-payment-open')).not.toBeInTheDocument();
    });

    it('says it in Somali', async () => {
      shop([...WALLETS, 'card']);
      myOrders(makeOrder({ paymentMethod: 'card', paymentStatus: 'pending', paymentPageUrl: '/sandbox/card?order=o1' }));
      const somali = 'Lacag bixintaadii hore weli waa la xaqiijinayaa. Fadlan sug intaadan mar kale bixin.';
      checkoutAnswers(() => HttpResponse.json({ message: somali }, { status: 409 }));
      await setLanguage('so');
      const { user } = renderApp('/checkout', { user: true });
      const card = await screen.findByRole('radio', { name: 'Kaar' });
      await user.click(card);
      await user.type(screen.getByLabelText('Lambarka taleefanka ee wararka gaarsiinta'), '61 555 1234');
      await user.type(screen.getByLabelText('Magaalada'), 'Hargeisa');
      await user.type(screen.getByLabelText('Degmada'), 'Jigjiga Yar');
      await user.type(screen.getByLabelText('Cinwaanka'), 'Near the Jigjiga Yar market');
      await user.click(screen.getByRole('button', { name: 'Ku bixi $45.00 kaar' }));
      await findToast(somali);
      const open = await screen.findByTestId('card-payment-open');
      expect(open).toHaveTextContent('Dalabkaagii hore weli wuxuu sugayaa lacag bixintaada kaarka.');
      expect(within(open).getByRole('link', { name: 'Ku noqo bogga kaarka' })).toHaveAttribute('href', '/sandbox/card?order=o1');
    });
  });

  it("a wallet's payment left unconfirmed (202) names that wallet on the page that follows", async () => {
    shop(WALLETS);
    const order = makeOrderDetail({
      _id: '0190b6f2-7c1e-7abc-9def-0123456789ab',
      number: 1042,
      paymentMethod: 'edahab',
      paymentStatus: 'pending',
      awaitingPayment: true,
      paymentPhone: '252650000003',
    });
    checkoutAnswers(() => HttpResponse.json({ message: 'Not confirmed yet', order }, { status: 202 }));
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '252650000003');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay $45.00 with eDahab' }));
    const page = await screen.findByTestId('payment-not-confirmed');
    expect(within(page).getByText('Your order #1042 is saved, but eDahab has not confirmed your payment of $53.00 yet.')).toBeInTheDocument();
    expect(Array.from(screen.getByTestId('unconfirmed-order').querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual([
      'Order',
      'Amount',
      'eDahab number',
    ]);
    expect(within(screen.getByTestId('next-steps')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'If you approved the payment on your phone, there is nothing more to do: we confirm your order as soon as eDahab does.',
      'Until then your items are reserved for this order, so there is no need to order them again.',
      'If the payment does not arrive, the order is canceled automatically and its items go back on sale.',
      'If eDahab took the money but your order stays unconfirmed, contact us at +252 61 555 0000 or help@example.com with your order number.',
    ]);
  });

  it("lists each wallet's test numbers in the sandbox notice, and the card page when cards are offered", async () => {
    shop([...WALLETS, 'card']);
    server.use(http.get('/api/settings', () => HttpResponse.json({ ...defaultSettings, sandboxPayments: true })));
    renderApp('/checkout', { user: true });
    const notice = (await screen.findByText('Sandbox payments')).parentElement as HTMLElement;
    expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'EVC Plus 252610000001',
      'ZAAD 252630000001',
      'SAHAL 252900000001',
      'eDahab 252620000001',
    ]);
    expect(notice).toHaveTextContent(
      "Any valid number of a wallet is approved, except its test numbers: the wallet's prefix, 000000 and a last digit. 1 is declined for a low balance, 2 is declined by the payer, 3 never answers and 4 fails at the provider.",
    );
    expect(within(notice).getByText('A card payment goes to a sandbox card page, where you choose Approve or Decline.')).toBeInTheDocument();
  });
});
