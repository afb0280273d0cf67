/**
 * Cash on delivery at checkout (issue 43): offered when the server lists it available, chosen
 * only once the cart priced for the place says the place takes cash (else its refusal is the
 * reason); the phone is the rider's to call; the button says what is paid on delivery; the order
 * placed goes to the success page, which says to pay the rider; the server's refusal of the
 * method shows under the methods.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { makeCart, makeOrder, makePaymentMethods, makeProduct, shopZones, WALLETS } from '@/testing/data';
import { server, serveDeliveryZones } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

/** Two dresses at $24: $48.00 of merchandise. */
const cart = () => makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }]);

function cashShop() {
  serveDeliveryZones(shopZones(), cart());
  server.use(http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods([...WALLETS, 'cash-on-delivery']))));
}

const methods = () => within(screen.getByRole('group', { name: 'Payment method' }));
const cashRadio = () => methods().getByRole('radio', { name: 'Cash on delivery' });

describe('cash on delivery at checkout', () => {
  it('is chosen where the zone takes cash, asks the phone for the rider and places the order to be paid on delivery', async () => {
    cashShop();
    const bodies: unknown[] = [];
    const placed = makeOrder({ paymentMethod: 'cash-on-delivery', paymentStatus: 'pending', totalAmount: 50, transactionId: null });
    server.use(
      http.post('/api/orders/checkout', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Order placed successfully', order: placed }, { status: 201 });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await screen.findByRole('combobox', { name: 'City' });
    expect(cashRadio()).toBeDisabled();
    expect(cashRadio()).toHaveAccessibleDescription('Choose where to deliver first');

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Mogadishu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
    await waitFor(() => expect(cashRadio()).toBeEnabled());
    await user.click(cashRadio());
    expect(cashRadio()).toBeChecked();
    const phone = screen.getByLabelText('Phone number for the rider');
    expect(phone).toHaveAccessibleDescription('The rider calls this number to find you. Pay $50.00 in cash when your order arrives.');
    expect(screen.queryByText('You will be asked to confirm the payment on your phone.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Address Line'), 'Maka Al Mukarama Road 12');
    await user.type(phone, '615551234');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Place order, pay $50.00 on delivery' }));

    await findToast('Order placed successfully! Redirecting...');
    expect(bodies[0]).toMatchObject({ paymentMethod: 'cash-on-delivery', paymentPhone: '615551234' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed!' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Your order has been placed. Pay $50.00 in cash to the rider when it arrives. Thank you!')).toBeInTheDocument();
    expect(screen.getByText('Total to pay on delivery')).toBeInTheDocument();
    expect(screen.getByTestId('paid-with')).toHaveTextContent('Cash on delivery');
  });

  it("is not offered where the zone takes no cash: the server's reason says why, and a cash choice falls back", async () => {
    cashShop();
    const { user } = renderApp('/checkout', { user: true });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'Mogadishu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
    await waitFor(() => expect(cashRadio()).toBeEnabled());
    await user.click(cashRadio());
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Hargeisa');
    await waitFor(() => expect(cashRadio()).toHaveAccessibleDescription('Cash on delivery is not available in Hargeisa'));
    expect(cashRadio()).toBeDisabled();
    expect(methods().getByRole('radio', { name: 'EVC Plus' })).toBeChecked();
    expect(screen.getByLabelText('EVC Plus Phone Number')).toBeInTheDocument();
  });

  it("shows the server's refusal of cash under the methods", async () => {
    cashShop();
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json(
          { message: 'Please check the highlighted fields', errors: { paymentMethod: 'Cash on delivery is for orders up to $200.00' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'Mogadishu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Wadajir');
    await waitFor(() => expect(cashRadio()).toBeEnabled());
    await user.click(cashRadio());
    await user.type(screen.getByLabelText('Address Line'), 'Maka Al Mukarama Road 12');
    await user.type(screen.getByLabelText('Phone number for the rider'), '615551234');
    await user.click(screen.getByRole('button', { name: 'Place order, pay $51.50 on delivery' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Payment method' })).toHaveAccessibleDescription('Cash on delivery is for orders up to $200.00'),
    );
  });

  it('reads in two lines at 390 px: a whole row, its name above its reason in small text, the method before it not left alone', async () => {
    serveDeliveryZones(shopZones(), cart());
    server.use(http.get('/api/payments/methods', () => HttpResponse.json(makePaymentMethods([...WALLETS, 'card', 'cash-on-delivery']))));
    renderApp('/checkout', { user: true });
    await screen.findByRole('combobox', { name: 'City' });
    const option = (name: string) => methods().getByRole('radio', { name }).closest('label') as HTMLElement;
    // Two columns on a phone: cash takes both (its name on one line, the reason on the next) ...
    expect(option('Cash on delivery').className.split(' ')).toContain('col-span-2');
    const [name, reason] = Array.from(option('Cash on delivery').querySelectorAll('input ~ span > span'));
    expect(name).toHaveTextContent(/^Cash on delivery$/);
    expect(reason).toHaveTextContent(/^Choose where to deliver first$/);
    expect(reason).toHaveClass('text-xs');
    // ... and the card, fifth of the others, takes its whole row rather than half of one beside nothing.
    expect(option('Card').className.split(' ')).toEqual(expect.arrayContaining(['col-span-2', 'sm:col-span-1']));
    for (const wallet of ['EVC Plus', 'ZAAD', 'SAHAL', 'eDahab']) expect(option(wallet).className).not.toMatch(/col-span/);
  });
});
