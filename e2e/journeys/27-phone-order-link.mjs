import assert from 'node:assert/strict';
import { dollars } from '../lib/api.mjs';
import { expectPath, expectVisible, journey, PHONE } from '../lib/harness.mjs';
import { APPROVED_PHONE, staffMember } from '../lib/steps.mjs';

journey('27-phone-order-link', 'an order handler takes an order in a call and sends a link; the customer pays it on their phone without an account', async (t) => {
  const adminApi = await t.api.asAdmin();
  const [handler, product] = await Promise.all([
    staffMember(t, adminApi, 'Phone', 'orders'),
    adminApi.createProduct({
      name: `E2E Phone Dress ${Date.now().toString(36)}`,
      category: 'women',
      description: 'A dress made by the end-to-end tests, sold in a phone call.',
      price: 25,
      discount: 0,
      tags: 'e2e, dress',
      variants: [
        { size: 'S', stock: 1 },
        { size: 'M', stock: 3 },
      ],
    }),
  ]);
  // A caller who has never had an account: a number nobody in the shop has.
  const callerPhone = `61${String(Date.now()).slice(-7)}`;

  // The order handler opens New order from the orders' list.
  const desk = await t.open({ name: 'order-handler' });
  await t.signIn(desk, handler);
  await desk.goto('/admin/orders');
  await desk.getByRole('link', { name: 'New order' }).click();
  await expectPath(desk, '/admin/orders/new');
  await expectVisible(desk.getByRole('heading', { level: 1, name: 'New order' }));

  // The customer: new, a name and a mobile number, no e-mail.
  await desk.getByRole('radio', { name: 'New customer' }).check();
  await desk.getByLabel('Name', { exact: true }).fill('Faadumo Caller');
  await desk.getByLabel('Mobile number', { exact: true }).fill(callerPhone);

  // Two of M, its stock shown.
  await desk.getByLabel('Find a product').fill(product.name);
  await desk.getByRole('button', { name: `Choose ${product.name}` }).click();
  const sizes = desk.getByRole('group', { name: 'Size' });
  await expectVisible(sizes.getByText('3 in stock'));
  await sizes.getByRole('radio', { name: /^Size M/ }).check();
  await desk.getByLabel('Quantity', { exact: true }).fill('2');
  await desk.getByRole('button', { name: 'Add to order' }).click();
  await expectVisible(desk.getByRole('spinbutton', { name: `Quantity of ${product.name} (Size M)` }));

  // Where it goes.
  const delivery = desk.getByRole('region', { name: 'Delivery' });
  await delivery.getByLabel('Full Name').fill('Faadumo Caller');
  await delivery.getByLabel('Contact Phone').fill(callerPhone);
  await delivery.getByLabel('City').selectOption('Mogadishu');
  await delivery.getByLabel('District').selectOption('Hodan');
  await delivery.getByLabel('Address Line').fill('Maka Al Mukarama Road 7');
  await t.shot(desk, 'new-order-filled');

  await desk.getByRole('button', { name: 'Create order' }).click();
  await expectVisible(desk.getByRole('heading', { name: /^Order .+ created$/ }));
  const orderLink = desk.getByRole('link', { name: 'Open the order page' });
  const orderPath = await orderLink.getAttribute('href');
  const orderId = orderPath.split('/').pop();
  const taken = await adminApi.call('GET', `/api/orders/${orderId}`);
  assert.deepEqual([taken.channel, taken.createdBy?.name, taken.paymentMethod], ['phone', handler.name, null]);
  const total = dollars(taken.totalAmount);
  await expectVisible(desk.getByText(total, { exact: true }).first());
  await t.shot(desk, 'order-taken');

  // The link: no SMS provider in the tests, so it is shared (WhatsApp).
  await desk.getByRole('button', { name: 'Send payment link' }).click();
  const sent = desk.getByTestId('payment-link');
  await expectVisible(sent.getByText('SMS is not set up: share the link'));
  const url = await sent.getByLabel('Payment link').inputValue();
  const whatsapp = await sent.getByRole('link', { name: /Share on WhatsApp/ }).getAttribute('href');
  assert.ok(whatsapp.startsWith(`https://wa.me/252${callerPhone}?text=`), whatsapp);
  assert.ok(decodeURIComponent(whatsapp).endsWith(url), 'the WhatsApp message carries the link');
  await t.shot(desk, 'link-sent');

  // The customer opens it on their phone, not signed in, and pays with EVC Plus.
  const phone = await t.open({ name: 'customer', viewport: PHONE });
  await phone.goto(new URL(url).pathname);
  await expectVisible(phone.getByRole('heading', { level: 1, name: /#/ }));
  await expectVisible(phone.getByText(product.name).first());
  await expectVisible(phone.getByText(total).first());
  await t.shot(phone, 'pay-page');
  await phone.getByRole('radio', { name: /EVC Plus/ }).check();
  await phone.getByLabel(/number/i).first().fill(APPROVED_PHONE);
  await phone.getByRole('button', { name: `Pay ${total}` }).click();
  await expectVisible(phone.getByText('Paid. Thank you! Your order is confirmed.'));
  await t.shot(phone, 'paid');

  // The order shows paid in the back office.
  await desk.goto(orderPath);
  const payment = desk.getByRole('region', { name: 'Payment' });
  await expectVisible(payment.getByText('Payment paid', { exact: true }));
  await expectVisible(payment.getByText('EVC Plus'));
  await t.shot(desk, 'order-paid');
  const paid = await adminApi.call('GET', `/api/orders/${orderId}`);
  assert.deepEqual([paid.paymentStatus, paid.paymentMethod], ['paid', 'evc-plus']);
  assert.equal((await t.api.product(product._id)).variants.find((v) => v.size === 'M').stock, 1, 'two of M sold');
});
