import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu, APPROVED_PHONE } from '../lib/steps.mjs';

/** A date as the shopper's pages print it (lib/format.ts formatLongDate; the browser runs in UTC). */
const longDate = (iso) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The order's short number as the screens show it. */
const short = (order) => `#${order.number}`;

journey('26-back-in-stock', 'a shopper asks for a sold-out size and gets the message after a return is received', async (t) => {
  // A product of the admin's own whose only M a buyer buys, receives and sends back (approved, not yet received).
  const adminApi = await t.api.asAdmin();
  const made = await adminApi.createProduct({
    name: `E2E Restock Abaya ${Date.now().toString(36)}`,
    category: 'women',
    description: 'An abaya made by the end-to-end tests, sold out in M until a return comes back.',
    price: 40,
    discount: 0,
    tags: 'e2e, abaya',
    variants: [
      { size: 'S', stock: 2 },
      { size: 'M', stock: 1 },
    ],
  });
  const m = made.variants.find((v) => v.size === 'M');
  const buyer = newShopper('Restock Buyer');
  const buyerApi = await t.api.as(buyer, { register: true });
  await buyerApi.addToCart(made._id, 1, m._id);
  const address = { fullName: buyer.name, phone: buyer.phone, city: 'Mogadishu', district: 'Hodan', addressLine: 'Maka Al Mukarama Road 12' };
  const { order } = await buyerApi.checkout(APPROVED_PHONE, address);
  await adminApi.setOrderStatus(order._id, 'shipped');
  await adminApi.setOrderStatus(order._id, 'delivered');
  const ret = await buyerApi.call('POST', `/api/orders/${order._id}/returns`, {
    lines: [{ lineId: order.products[0]._id, quantity: 1 }],
    reason: 'The wrong colour for the wedding.',
  });
  await adminApi.call('PUT', `/api/admin/returns/${ret._id}`, { status: 'approved' });
  const soldOut = await t.api.product(made._id);
  assert.equal(soldOut.variants.find((v) => v._id === m._id).stock, 0, 'M is sold out');

  // The shopper opens the product, chooses the sold-out M and asks to be told.
  const shopper = newShopper('Restock');
  const shopperApi = await t.api.as(shopper, { register: true });
  const page = await t.open();
  await t.signIn(page, shopper);
  await page.goto(`/product/${made._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: made.name }));
  const sizes = page.getByRole('group', { name: /^Size/ });
  const radio = sizes.getByRole('radio', { name: 'M', exact: true });
  await expectVisible(sizes.getByText('Sold out', { exact: true }));
  await sizes.locator('label').filter({ has: page.getByRole('radio', { name: 'M', exact: true }) }).click();
  await eventually(async () => assert.equal(await radio.isChecked(), true, 'M chosen'));
  assert.equal(await page.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), true, 'a sold-out size cannot be bought');
  const notify = page.getByRole('button', { name: "Notify me when it's back" });
  await expectVisible(notify);
  await t.shot(page, 'sold-out-size');
  await notify.click();
  await t.toast(page, `We'll tell you when ${made.name} is back`);
  await expectVisible(page.getByRole('status').filter({ hasText: "We'll tell you when it's back" }));
  await expectHidden(notify);
  await t.shot(page, 'asked');
  const [asked] = await shopperApi.call('GET', '/api/restock-alerts');
  assert.deepEqual([asked.productId, asked.variantId, asked.answeredAt], [made._id, m._id, null]);

  // Their requests: waiting.
  await accountMenu(page, 'Back-in-stock requests');
  await expectPath(page, '/back-in-stock');
  const row = page.getByTestId('restock-request').filter({ hasText: made.name });
  await expectText(row.getByTestId('restock-status'), 'Waiting');
  await expectVisible(row.getByText('Size M', { exact: true }));
  await t.shot(page, 'requests-waiting');

  // The admin sees who waits for M, then receives the return: M is back.
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await admin.goto('/admin/restock-requests');
  await expectVisible(admin.getByRole('heading', { level: 1, name: 'Restock requests' }));
  const demand = admin.getByTestId('restock-row').filter({ hasText: made.name });
  // The table's rows come after the heading: read them once drawn.
  await expectVisible(demand);
  const cells = (await demand.getByRole('cell').allInnerTexts()).map((c) => c.trim());
  // Product, Size, (no colour), SKU, Stock, Requests.
  assert.deepEqual([cells[0], cells[1], cells[3], cells[4], cells[5]], [made.name, 'M', m.sku, 'Sold out', '1']);
  await t.shot(admin, 'admin-restock-requests');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns' }).click();
  const returnRow = admin.getByTestId('return-row').filter({ has: admin.getByRole('link', { name: short(order), exact: true }) });
  await returnRow.getByRole('button', { name: `Mark received the return of order ${short(order)}`, exact: true }).click();
  await t.toast(admin, 'Return marked as received');

  // One message to the shopper, with the product's link; their request answered.
  const mail = await t.mail.waitForMail(shopper.email, made.name);
  assert.match(mail.subject, /^Back in stock: /);
  assert.ok(mail.text.includes(`/product/${made._id}`), 'the mail links to the product');
  const [answered] = await shopperApi.call('GET', '/api/restock-alerts');
  assert.ok(answered.answeredAt, 'the request is answered');
  await page.reload();
  await expectText(row.getByTestId('restock-status'), `Back in stock — we told you on ${longDate(answered.answeredAt)}`);
  await t.shot(page, 'requests-answered');
  await admin.goto('/admin/restock-requests');
  await expectVisible(admin.getByRole('heading', { level: 1, name: 'Restock requests' }));
  await expectHidden(admin.getByTestId('restock-row').filter({ hasText: made.name }));
});
