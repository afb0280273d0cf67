import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { expectHidden, expectPath, expectText, expectVisible, journey, PHONE } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { openCheckoutWithAddress, staffMember } from '../lib/steps.mjs';

journey('23-delivery', 'a shopper in Hodan pays cash on delivery; the order handler sends it out, the rider delivers it with the code, the admin receives the cash', async (t) => {
  const adminApi = await t.api.asAdmin();
  const shopper = newShopper('Hodan');
  const [handler, rider, api] = await Promise.all([
    staffMember(t, adminApi, 'Dispatcher', 'orders'),
    staffMember(t, adminApi, 'Rider', 'rider'),
    t.api.as(shopper, { register: true }),
  ]);
  const item = (await t.api.category('kids')).find((p) => p.stock > 10 && isOneSize(p) && p.price < 100);
  await api.addToCart(item._id, 1);
  // Hodan's zone (the demo's): its fee and time, and cash taken there.
  const toHodan = await api.cartTo('Mogadishu', 'Hodan');
  assert.equal(toHodan.delivery.cashOnDelivery, true);

  // The shopper: City and District from the zones, the zone's fee and time, cash on delivery.
  const page = await t.open();
  await t.signIn(page, shopper);
  const form = await openCheckoutWithAddress(page);
  await form.getByLabel('Landmark').fill('Near the Hodan market mosque');
  await expectText(page.getByTestId('shipping'), dollars(toHodan.shipping));
  await expectText(page.getByTestId('total'), dollars(toHodan.total));
  await expectVisible(page.getByTestId('delivery-time'));
  const methods = form.getByRole('group', { name: 'Payment method' });
  // The radio is drawn as a card: the shopper taps its name.
  await methods.getByText('Cash on delivery', { exact: true }).click();
  assert.equal(await methods.getByRole('radio', { name: 'Cash on delivery' }).isChecked(), true);
  await form.getByLabel('Phone number for the rider').fill('615551234');
  await t.shot(page, 'checkout-cash');
  await form.getByRole('button', { name: `Place order, pay ${dollars(toHodan.total)} on delivery` }).click();
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  const [order] = await api.orders();
  assert.deepEqual([order.paymentMethod, order.paymentStatus, order.shippingFee], ['cash-on-delivery', 'pending', toHodan.shipping]);
  assert.equal(order.shippingAddress.landmark, 'Near the Hodan market mosque');
  const short = `#${order.number}`;

  // The order handler sends it out with the rider, from the Deliveries screen.
  const desk = await t.open({ name: 'dispatcher' });
  await t.signIn(desk, handler);
  await desk.goto('/admin/deliveries');
  await expectVisible(desk.getByRole('heading', { level: 1, name: 'Deliveries' }));
  await desk.getByRole('checkbox', { name: `Select order ${short}` }).check();
  await desk.getByLabel('Send with rider').selectOption({ label: rider.name });
  await t.shot(desk, 'dispatch');
  await desk.getByRole('button', { name: 'Send out (1)' }).click();
  await t.toast(desk, `1 order sent out with ${rider.name}`);
  assert.equal((await api.order(order._id)).status, 'shipped');
  // The shopper's 'on its way' e-mail carries the code and the rider's first name.
  const mail = await t.mail.waitForMail(shopper.email, /delivery code is \d{4}/);
  const code = /delivery code is (\d{4})/.exec(mail.text)?.[1];
  assert.ok(mail.text.includes('Rider'), `the rider's first name in:\n${mail.text}`);

  // The rider, on a phone: the delivery with its landmark and the cash to collect.
  const phone = await t.open({ name: 'rider', viewport: PHONE });
  // A rider lands on My deliveries.
  await t.signIn(phone, rider, { landing: '/deliveries' });
  await expectVisible(phone.getByRole('heading', { level: 1, name: 'My deliveries' }));
  const card = phone.getByRole('article', { name: shopper.name });
  await expectVisible(card.getByText('Landmark: Near the Hodan market mosque'));
  await expectVisible(card.getByText(`Collect ${dollars(toHodan.total)} in cash`));
  await expectVisible(card.getByRole('link', { name: `Call ${shopper.name}` }));
  await t.shot(phone, 'rider-deliveries');
  await card.getByRole('button', { name: 'Delivered', exact: true }).click();
  await card.getByLabel('Delivery code from the customer').fill(code);
  await card.getByLabel(`I collected ${dollars(toHodan.total)} in cash`).check();
  await t.shot(phone, 'rider-code');
  await card.getByRole('button', { name: 'Confirm delivery' }).click();
  await t.toast(phone, `Delivered to ${shopper.name}. Thank you!`);
  await expectHidden(card.getByRole('button', { name: 'Delivered', exact: true }));
  const delivered = await api.order(order._id);
  assert.deepEqual([delivered.status, delivered.paymentStatus], ['delivered', 'paid']);

  // The admin marks the rider's cash of the day received.
  const office = await t.open({ name: 'admin' });
  await t.signIn(office, ADMIN);
  await office.goto('/admin/riders-cash');
  const row = office.getByTestId('cash-row').filter({ hasText: rider.name });
  await expectVisible(row.getByText(dollars(toHodan.total)));
  await row.getByRole('button', { name: `Mark received ${rider.name}` }).click();
  await office.getByRole('alertdialog', { name: 'Mark the cash received?' }).getByRole('button', { name: 'Mark received' }).click();
  await t.toast(office, `Received ${dollars(toHodan.total)} from ${rider.name}`);
  await expectVisible(row.getByText('Received'));
  await t.shot(office, 'riders-cash');
});
