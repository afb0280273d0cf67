import assert from 'node:assert/strict';
import { dollars, newShopper } from '../lib/api.mjs';
import { eventually, exactly, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu, APPROVED_PHONE } from '../lib/steps.mjs';

/** A date as the order pages print it (lib/format.ts formatLongDate; the browser runs in UTC). */
const longDate = (iso) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The order's short number as the screens show it. */
const short = (order) => `#${order.number}`;

/** The steps of a status timeline, each as its text on one line ('Shipped Nov 24, 2026, 4:31 AM · by Admin'). */
async function timeline(list) {
  return (await list.getByTestId('status-step').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
}

/** Waits until a timeline's steps are `statuses`, each followed by ' · by <who>' when `who` is given. */
async function expectTimeline(list, statuses, who = null) {
  await eventually(async () => {
    const steps = await timeline(list);
    assert.equal(steps.length, statuses.length, `steps ${JSON.stringify(steps)}`);
    steps.forEach((step, i) => {
      assert.ok(step.startsWith(`${statuses[i]} `), `step ${i} '${step}' is ${statuses[i]}`);
      if (who) assert.ok(step.endsWith(` · by ${who[i]}`), `step ${i} '${step}' was set by ${who[i]}`);
    });
  });
}

journey('15-returns', 'a shopper sends back one unit of a delivered order; an admin approves, receives and refunds it', async (t) => {
  // A product of the admin's own in three sizes, so its stock is the journey's alone.
  const adminApi = await t.api.asAdmin();
  const made = await adminApi.createProduct({
    name: `E2E Returnable Linen Shirt ${Date.now().toString(36)}`,
    category: 'women',
    description: 'A linen shirt made by the end-to-end tests, bought and sent back.',
    price: 25,
    discount: 0,
    tags: 'e2e, shirt',
    variants: [
      { size: 'S', stock: 4 },
      { size: 'M', stock: 5 },
      { size: 'L', stock: 3 },
    ],
  });
  const size = made.variants.find((v) => v.size === 'M');
  assert.equal(made.stock, 12);

  // The shopper buys two units of M with an approved number; the admin ships and delivers them.
  const shopper = newShopper('Returns');
  const api = await t.api.as(shopper, { register: true });
  await api.addToCart(made._id, 2, size._id);
  const address = { fullName: shopper.name, phone: shopper.phone, city: 'Mogadishu', district: 'Hodan', addressLine: 'Maka Al Mukarama Road 12' };
  const { order: placed } = await api.checkout(APPROVED_PHONE, address);
  assert.equal(placed.paymentStatus, 'paid');
  await adminApi.setOrderStatus(placed._id, 'shipped');
  const delivered = await adminApi.setOrderStatus(placed._id, 'delivered');
  assert.equal(delivered.status, 'delivered');
  assert.ok(delivered.returnableUntil, 'a delivered order can be returned until a date');
  const bought = await t.api.product(made._id);
  assert.equal(bought.variants.find((v) => v._id === size._id).stock, size.stock - 2, "two taken from M's stock");
  const orderId = placed._id;
  const [line] = placed.products;

  // The shopper: Profile > Orders, the order's link, its page.
  const page = await t.open();
  await t.signIn(page, shopper);
  await accountMenu(page, 'Profile');
  await expectPath(page, '/profile');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: short(placed) });
  await expectText(row.getByTestId('order-status'), 'Delivered');
  await t.shot(page, 'orders-tab');
  await row.getByRole('link', { name: short(placed), exact: true }).click();
  await expectPath(page, `/orders/${orderId}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: `Order ${short(placed)}` }));
  await expectText(page.getByTestId('order-status'), 'Delivered');
  const orderTimeline = page.getByRole('list', { name: 'Order status history' });
  await expectTimeline(orderTimeline, ['Pending', 'Shipped', 'Delivered']);
  const returns = page.getByRole('region', { name: 'Returns' });
  await expectVisible(returns.getByText(`Returns are possible until ${longDate(delivered.returnableUntil)}`, { exact: true }));
  await t.shot(page, 'delivered-order');

  // 'Return items': one of the two units, and why.
  const open = returns.getByRole('button', { name: 'Return items' });
  await open.click();
  assert.equal(await open.getAttribute('aria-expanded'), 'true');
  const form = page.getByRole('form', { name: 'Return items' });
  await expectVisible(form);
  const quantity = form.getByLabel(`Quantity to return of ${made.name}`);
  assert.deepEqual(await quantity.locator('option').allInnerTexts(), ['0', '1', '2'], 'up to the two bought');
  await expectVisible(form.getByText('You bought 2', { exact: true }));
  await quantity.selectOption('1');
  // No reason yet: the form asks for one and sends nothing.
  await form.getByRole('button', { name: 'Request return' }).click();
  await expectVisible(form.getByText('Please tell us why you are returning these items', { exact: true }));
  assert.deepEqual(await api.orderReturns(orderId), []);
  const reason = 'Too big across the shoulders.';
  await form.getByLabel('Why are you returning them?').fill(reason);
  await t.shot(page, 'return-form');
  await form.getByRole('button', { name: 'Request return' }).click();
  await t.toast(page, 'Return requested');
  await expectHidden(form);
  await expectVisible(returns.getByRole('status').filter({ hasText: 'Thank you. We have your return request; you can follow its progress here.' }));
  const requested = returns.getByRole('article', { name: /^Return requested on / });
  await expectText(requested.getByTestId('return-status'), 'Requested');
  await eventually(async () => assert.match(await requested.getByTestId('return-line').innerText(), new RegExp(`${made.name} × 1\\s+Size M\\s+\\$25\\.00`)));
  await expectVisible(requested.getByText(reason, { exact: true }));
  // One unit is left to send back later.
  await expectVisible(returns.getByRole('button', { name: 'Return items' }));
  await t.shot(page, 'return-requested');

  const [ret] = await api.orderReturns(orderId);
  assert.equal(ret.status, 'requested');
  assert.equal(ret.reason, reason);
  assert.deepEqual(ret.lines.map((l) => [l.lineId, l.quantity, l.variant?.size]), [[line._id, 1, 'M']]);
  assert.equal(ret.refundAmount, 25, 'one unit at $25, no shipping while a unit stays');
  assert.equal(ret.statusHistory[0].by, null, 'a shopper reads no names in the history');

  // The admin: Returns, then Approve, Mark received and Refund.
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await accountMenu(admin, 'Admin Dashboard');
  await expectPath(admin, '/admin');
  const sidebar = admin.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Returns' }).click();
  await expectPath(admin, '/admin/returns');
  await expectVisible(admin.getByRole('heading', { level: 1, name: 'Returns' }));
  const returnRow = admin.getByTestId('return-row').filter({ has: admin.getByRole('link', { name: short(placed), exact: true }) });
  await expectVisible(returnRow);
  await expectVisible(returnRow.getByText(shopper.name, { exact: true }));
  await expectVisible(returnRow.getByText(shopper.email, { exact: true }));
  await expectVisible(returnRow.getByText(`Reason: ${reason}`, { exact: true }));
  await expectVisible(returnRow.getByRole('cell', { name: dollars(ret.refundAmount), exact: true }));
  await expectText(returnRow.getByTestId('return-status'), 'Requested');
  await t.shot(admin, 'admin-returns');

  const step = (label) => returnRow.getByRole('button', { name: `${label} the return of order ${short(placed)}`, exact: true });
  await step('Approve').click();
  await t.toast(admin, 'Return approved');
  await expectText(returnRow.getByTestId('return-status'), 'Approved');
  await expectHidden(step('Approve'));

  await step('Mark received').click();
  await t.toast(admin, 'Return marked as received');
  await expectText(returnRow.getByTestId('return-status'), 'Received');
  const back = await t.api.product(made._id);
  assert.equal(back.variants.find((v) => v._id === size._id).stock, size.stock - 1, 'the unit received is back in M');
  assert.equal(back.stock, bought.stock + 1, "the product's stock is up by one");
  await t.shot(admin, 'return-received');

  await step('Refund').click();
  const confirm = admin.getByRole('alertdialog', { name: 'Refund Return' });
  await expectVisible(confirm);
  await expectVisible(
    confirm.getByText(
      `Refund ${dollars(ret.refundAmount)} to ${shopper.name} for order ${short(placed)}? The money goes back through the payment provider; this cannot be undone.`,
      { exact: true },
    ),
  );
  await t.shot(admin, 'refund-confirm');
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await t.toast(admin, `Refunded ${dollars(ret.refundAmount)}`);
  await expectHidden(confirm);
  await expectText(returnRow.getByTestId('return-status'), 'Refunded');
  await expectVisible(returnRow.getByText('No action', { exact: true }));
  await t.shot(admin, 'return-refunded');

  // What the refund did to the order, and the stock after it (unchanged by the refund).
  const refunded = await adminApi.order(orderId);
  assert.equal(refunded.refundedAmount, ret.refundAmount);
  assert.equal(refunded.paymentStatus, 'partiallyRefunded');
  assert.equal((await adminApi.orderReturns(orderId))[0].status, 'refunded');
  assert.equal((await t.api.product(made._id)).stock, bought.stock + 1);

  // The shopper's page shows it refunded.
  await page.reload();
  await expectVisible(page.getByRole('heading', { level: 1, name: `Order ${short(placed)}` }));
  const done = returns.getByRole('article', { name: /^Return requested on / });
  await expectText(done.getByTestId('return-status'), 'Refunded');
  await expectTimeline(done.getByRole('list', { name: 'Return status history' }), ['Requested', 'Approved', 'Received', 'Refunded']);
  const items = page.getByRole('region', { name: 'Items' });
  await expectText(items.getByRole('term').filter({ hasText: exactly('Refunded') }).locator('xpath=following-sibling::dd[1]'), dollars(ret.refundAmount));
  await expectVisible(page.getByRole('region', { name: 'Payment' }).getByText('Payment partially refunded', { exact: true }));
  await t.shot(page, 'shopper-refunded');

  // The admin's order page, from the orders table: who set each status, the return, the packing slip.
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expectPath(admin, '/admin/orders');
  const orderRow = admin.getByTestId('order-row').filter({ hasText: short(placed) });
  await orderRow.getByRole('link', { name: short(placed), exact: true }).click();
  await expectPath(admin, `/admin/orders/${orderId}`);
  await expectVisible(admin.getByRole('heading', { level: 1, name: `Order ${short(placed)}` }));
  const history = admin.getByRole('region', { name: 'Status history' }).getByRole('list', { name: 'Order status history' });
  await expectTimeline(history, ['Pending', 'Shipped', 'Delivered'], [shopper.name, adminApi.user.name, adminApi.user.name]);
  const adminReturn = admin.getByRole('region', { name: 'Returns' }).getByRole('article', { name: /^Return requested on / });
  await expectText(adminReturn.getByTestId('return-status'), 'Refunded');
  await expectTimeline(adminReturn.getByRole('list', { name: 'Return status history' }), ['Requested', 'Approved', 'Received', 'Refunded'], [
    shopper.name,
    adminApi.user.name,
    adminApi.user.name,
    adminApi.user.name,
  ]);
  await expectVisible(admin.getByRole('region', { name: 'Payment' }).getByText('Payment partially refunded', { exact: true }));
  await expectVisible(admin.getByRole('button', { name: 'Print packing slip' }));
  await t.shot(admin, 'admin-order');

  // Printed, the page is only its packing slip: the order's two units of M.
  const slip = admin.getByTestId('packing-slip');
  await expectHidden(slip);
  await admin.emulateMedia({ media: 'print' });
  await expectVisible(slip);
  await expectVisible(slip.getByText(short(placed), { exact: true }));
  const slipRow = slip.getByRole('row').filter({ hasText: made.name });
  assert.deepEqual(
    (await slipRow.getByRole('cell').allInnerTexts()).map((c) => c.trim()),
    [made.name, 'M', '', size.sku, '2'],
  );
  await expectHidden(admin.getByRole('heading', { level: 1, name: `Order ${short(placed)}` }));
  await admin.emulateMedia({ media: 'screen' });
});
