/**
 * The checkout in a shop with delivery zones (issue 43): the city and district are chosen from
 * the places served, the summary shows the cart priced for the place (its fee, total and
 * delivery time, the server's), and the address goes with its landmark. Without zones, the
 * city and district are typed as before.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { axeViolations } from '@/testing/axe';
import { deliveryCitiesOf, makeCart, makeOrder, makeProduct, makeZone, shopZones } from '@/testing/data';
import { server, serveDeliveryZones } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';
import { offeredCities, placeOf } from '@/lib/delivery-places';
import { deliveryTimeText } from '../delivery-places';

/** Two dresses at $24: $48.00 of merchandise, $5.00 flat shipping while no place is chosen. */
const cart = () => makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }]);

const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);
const summary = () => within(screen.getByRole('complementary'));

/** Records the checkout's body and answers 201. */
function recordCheckout() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/orders/checkout', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ message: 'Order placed successfully', order: makeOrder() }, { status: 201 });
    }),
  );
  return bodies;
}

describe('the places a checkout offers', () => {
  it('are the served cities, each whole or by its served districts; a city with nothing served is left out', () => {
    const cities = offeredCities(deliveryCitiesOf(shopZones()));
    expect(cities).toEqual([
      { name: 'Hargeisa', districts: null },
      { name: 'Mogadishu', districts: ['Hodan', 'Wadajir'] },
    ]);
    expect(placeOf(cities, 'Hargeisa', '')).toEqual({ city: 'Hargeisa', district: '' });
    expect(placeOf(cities, 'Mogadishu', 'Wadajir')).toEqual({ city: 'Mogadishu', district: 'Wadajir' });
    expect(placeOf(cities, 'Mogadishu', '')).toBeNull();
    expect(placeOf(cities, 'Mogadishu', 'Kaaraan')).toBeNull();
    expect(placeOf(cities, 'Baidoa', '')).toBeNull();
  });

  it('say how long delivery takes, in English and Somali', async () => {
    expect([
      deliveryTimeText({ min: 0, max: 0 }),
      deliveryTimeText({ min: 1, max: 1 }),
      deliveryTimeText({ min: 2, max: 2 }),
      deliveryTimeText({ min: 1, max: 2 }),
      deliveryTimeText({ min: 0, max: 1 }),
      deliveryTimeText({ min: 0, max: 3 }),
    ]).toEqual([
      'Delivered the same day',
      'Delivered in 1 day',
      'Delivered in 2 days',
      'Delivered in 1-2 days',
      'Delivered today or tomorrow',
      'Delivered within 3 days',
    ]);
    await setLanguage('so', { remember: false });
    expect([deliveryTimeText({ min: 0, max: 0 }), deliveryTimeText({ min: 2, max: 2 }), deliveryTimeText({ min: 1, max: 2 })]).toEqual([
      'Waxaa la keenayaa isla maalinta',
      'Waxaa la keenayaa 2 maalmood gudahood',
      'Waxaa la keenayaa 1-2 maalmood gudahood',
    ]);
  });
});

describe('checkout with delivery zones', () => {
  it('offers the served cities and districts; the summary shows the cart priced for the place chosen, with its delivery time', async () => {
    const served = serveDeliveryZones(shopZones(), cart());
    const { user } = renderApp('/checkout', { user: true });
    const city = await screen.findByRole('combobox', { name: 'City' });
    expect(options(city)).toEqual(['Choose your city', 'Hargeisa', 'Mogadishu']);
    const district = screen.getByRole('combobox', { name: 'District' });
    expect(district).toBeDisabled();
    expect(district).toHaveAccessibleDescription('Choose your city first');
    expect(screen.getByLabelText('Landmark')).toHaveAttribute('placeholder', 'Near the Hodan market mosque');
    // Before a place: the cart as it stands, and a word on what choosing one shows.
    expect(summary().getByTestId('shipping')).toHaveTextContent('$5.00');
    expect(summary().getByText('Choose where to deliver to see the delivery fee and time.')).toBeInTheDocument();
    expect(summary().queryByText('Standard delivery: 2-3 business days')).not.toBeInTheDocument();

    await user.selectOptions(city, 'Mogadishu');
    expect(district).toBeEnabled();
    expect(options(district)).toEqual(['Choose your district', 'Hodan', 'Wadajir']);
    await user.selectOptions(district, 'Wadajir');
    await waitFor(() => expect(summary().getByTestId('shipping')).toHaveTextContent('$3.50'));
    expect(summary().getByTestId('total')).toHaveTextContent('$51.50');
    expect(summary().getByText('Delivering to Wadajir, Mogadishu')).toBeInTheDocument();
    expect(summary().getByTestId('delivery-time')).toHaveTextContent(/^Delivered in 1-2 days$/);
    expect(screen.getByRole('button', { name: 'Pay $51.50 with EVC Plus' })).toBeInTheDocument();

    await user.selectOptions(district, 'Hodan');
    await waitFor(() => expect(summary().getByTestId('delivery-time')).toHaveTextContent(/^Delivered the same day$/));
    expect(summary().getByTestId('total')).toHaveTextContent('$50.00');

    // A city delivered as a whole: no district to choose.
    await user.selectOptions(city, 'Hargeisa');
    expect(screen.queryByRole('combobox', { name: 'District' })).not.toBeInTheDocument();
    await waitFor(() => expect(summary().getByTestId('delivery-time')).toHaveTextContent(/^Delivered in 2 days$/));
    expect(summary().getByTestId('shipping')).toHaveTextContent('$6.00');
    expect(summary().getByText('Delivering to Hargeisa')).toBeInTheDocument();

    expect(served.asked.filter(Boolean)).toEqual([
      { city: 'Mogadishu', district: 'Wadajir' },
      { city: 'Mogadishu', district: 'Hodan' },
      { city: 'Hargeisa', district: '' },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('sends the address with the landmark; a city delivered as a whole with district blank', async () => {
    serveDeliveryZones(shopZones(), cart());
    const bodies = recordCheckout();
    const { user } = renderApp('/checkout', { user: true });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'Hargeisa');
    await user.type(screen.getByLabelText('Address Line'), 'Road 26 June, house 4');
    await user.type(screen.getByLabelText('Landmark'), ' Opposite the Oriental Hotel ');
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '615551234');
    await user.click(await screen.findByRole('button', { name: 'Pay $54.00 with EVC Plus' }));
    await findToast('Order placed successfully! Redirecting...');
    expect(bodies[0]).toEqual({
      paymentMethod: 'evc-plus',
      paymentPhone: '615551234',
      shippingAddress: {
        fullName: 'Amina Hassan',
        phone: '252615551234',
        city: 'Hargeisa',
        district: '',
        addressLine: 'Road 26 June, house 4',
        landmark: 'Opposite the Oriental Hotel',
      },
    });
  });

  it('asks for the city, then the district of a city delivered by district; the landmark may stay blank', async () => {
    serveDeliveryZones(shopZones(), cart());
    const bodies = recordCheckout();
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    await user.type(screen.getByLabelText('Address Line'), 'Maka Al Mukarama Road 12');
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveAccessibleDescription('City is required');
    expect(screen.queryByText('District is required')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Mogadishu');
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    expect(screen.getByRole('combobox', { name: 'District' })).toHaveAccessibleDescription('District is required');
    expect(bodies).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
    await user.click(await screen.findByRole('button', { name: 'Pay $50.00 with EVC Plus' }));
    await findToast('Order placed successfully! Redirecting...');
    expect(bodies[0].shippingAddress).toEqual({
      fullName: 'Amina Hassan',
      phone: '252615551234',
      city: 'Mogadishu',
      district: 'Hodan',
      addressLine: 'Maka Al Mukarama Road 12',
      landmark: '',
    });
  });

  it("shows the server's refusal of the place under its field: when pricing the cart, and when paying", async () => {
    // Offered when the page loaded, switched off since: the cart for it is refused.
    const zones = shopZones();
    const { asked } = serveDeliveryZones(zones, cart());
    server.use(http.get('/api/delivery/zones', () => HttpResponse.json(deliveryCitiesOf(zones.map((z) => ({ ...z, served: true }))))));
    server.use(
      http.post('/api/orders/checkout', () =>
        HttpResponse.json(
          { message: 'Please check the highlighted fields', errors: { landmark: 'Landmark is too long', district: 'We are not delivering to Hargeisa at the moment' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/checkout', { user: true });
    const city = await screen.findByRole('combobox', { name: 'City' });
    await user.selectOptions(city, 'Mogadishu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Kaaraan');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'District' })).toHaveAccessibleDescription('We are not delivering to Kaaraan, Mogadishu at the moment'),
    );
    // The cart as it stands meanwhile: nothing priced for a place refused.
    expect(summary().getByTestId('shipping')).toHaveTextContent('$5.00');
    expect(asked.at(-1)).toEqual({ city: 'Mogadishu', district: 'Kaaraan' });

    // Another place clears it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Hodan');
    await waitFor(() => expect(summary().getByTestId('shipping')).toHaveTextContent('$2.00'));
    expect(screen.getByRole('combobox', { name: 'District' })).not.toHaveAccessibleDescription();

    // A whole city's place refused: said under the city (it has no district field).
    await user.selectOptions(city, 'Baidoa');
    await waitFor(() => expect(city).toHaveAccessibleDescription('We are not delivering to Baidoa at the moment'));

    // Checkout's own refusal, field by field.
    await user.selectOptions(city, 'Hargeisa');
    await waitFor(() => expect(summary().getByTestId('shipping')).toHaveTextContent('$6.00'));
    await user.type(screen.getByLabelText('Address Line'), 'Road 26 June, house 4');
    await user.type(screen.getByLabelText('Landmark'), 'x');
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '615551234');
    await user.click(screen.getByRole('button', { name: 'Pay $54.00 with EVC Plus' }));
    await findToast('Please check the highlighted fields');
    expect(screen.getByLabelText('Landmark')).toHaveAccessibleDescription(
      'Landmark is too long Optional: something near you that the rider can look for',
    );
    expect(city).toHaveAccessibleDescription('We are not delivering to Hargeisa at the moment');
  });

  it('keeps Pay waiting while the place’s total is on its way, so the amount it says is the amount charged', async () => {
    serveDeliveryZones([makeZone({ city: 'Kismayo', district: null, fee: 9, etaDays: { min: 3, max: 4 } })], cart());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const priced = makeCart([{ product: makeProduct({ price: 24 }), quantity: 2 }], 9);
    server.use(
      http.get('/api/cart', async ({ request }) => {
        if (!new URL(request.url).searchParams.get('city')) return HttpResponse.json(cart());
        await held;
        return HttpResponse.json({ ...priced, delivery: { city: 'Kismayo', district: null, fee: 9, etaDays: { min: 3, max: 4 } } });
      }),
    );
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByLabelText('EVC Plus Phone Number'), '615551234');
    expect(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Kismayo');
    expect(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' })).toBeDisabled();
    expect(screen.getByRole('complementary')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Pay $57.00 with EVC Plus' })).toBeEnabled();
    expect(screen.getByRole('complementary')).toHaveAttribute('aria-busy', 'false');
    expect(summary().getByTestId('delivery-time')).toHaveTextContent('Delivered in 3-4 days');
  });
});

describe('checkout without delivery zones', () => {
  it('keeps the typed city and district, the flat fee and the usual delivery times; the cart is asked for without a place', async () => {
    const served = serveDeliveryZones([], cart());
    const bodies = recordCheckout();
    const { user } = renderApp('/checkout', { user: true });
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Mogadishu');
    await user.type(screen.getByRole('textbox', { name: 'District' }), 'Hodan');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Address Line'), 'Maka Al Mukarama Road 12');
    await user.type(screen.getByLabelText('Landmark'), 'Near the Hodan market mosque');
    expect(summary().getByTestId('shipping')).toHaveTextContent('$5.00');
    expect(summary().getByText('Standard delivery: 2-3 business days')).toBeInTheDocument();
    await user.type(screen.getByLabelText('EVC Plus Phone Number'), '615551234');
    await user.click(screen.getByRole('button', { name: 'Pay $53.00 with EVC Plus' }));
    await findToast('Order placed successfully! Redirecting...');
    expect(bodies[0].shippingAddress).toMatchObject({ city: 'Mogadishu', district: 'Hodan', landmark: 'Near the Hodan market mosque' });
    expect(served.asked.every((place) => place === null)).toBe(true);
  });
});
