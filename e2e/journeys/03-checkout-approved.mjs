import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { eventually, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu, APPROVED_PHONE, openCheckoutWithAddress } from '../lib/steps.mjs';

journey('03-checkout-approved', 'a shopper pays with an approved EVC Plus number and finds the order in Profile', async (t) => {
  const shopper = newShopper('Checkout');
  const api = await t.api.as(shopper, { register: true });
  // Two units of a size of a women's product, one of a one-size kids' product.
  const dress = (await t.api.category('women')).filter((p) => p.stock > 10 && p.variants.some((v) => v.stock > 3))[2];
  const size = dress.variants.find((v) => v.stock > 3);
  const kid = (await t.api.category('kids')).find((p) => p.stock > 10 && isOneSize(p));
  await api.addToCart(dress._id, 2, size._id);
  await api.addToCart(kid._id, 1);
  // Delivered to Hodan (the address the checkout fills in): its zone's fee.
  const total = (await api.cartTo('Mogadishu', 'Hodan')).total;

  const page = await t.open();
  await t.signIn(page, shopper);
  const form = await openCheckoutWithAddress(page);
  assert.equal(await form.getByLabel('Full Name').inputValue(), shopper.name);
  await expectText(page.getByTestId('total'), dollars(total));
  await expectVisible(page.getByText('Qty: 2'));
  // Hodan's zone (the demo's): the same day or the next.
  await expectText(page.getByTestId('delivery-time'), 'Delivered today or tomorrow');
  const pay = page.getByRole('button', { name: `Pay ${dollars(total)} with EVC Plus` });
  assert.equal(await pay.isDisabled(), true, 'Pay is disabled while the phone is empty');

  const phone = form.getByLabel('EVC Plus Phone Number');
  assert.equal(await phone.getAttribute('type'), 'tel');
  await phone.fill(APPROVED_PHONE);
  await t.shot(page, 'checkout');
  await pay.click();
  // The sandbox takes SHOP_SANDBOX_DELAY_MS to answer, like a phone prompt.
  const busy = page.getByRole('button', { name: 'Processing Payment...' });
  await expectVisible(busy);
  assert.equal(await busy.isDisabled(), true);
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  await expectVisible(page.getByRole('heading', { name: 'Payment Successful!' }));
  await expectVisible(page.getByText('Your order has been placed and payment received successfully. Thank you!'));
  await expectVisible(page.getByRole('link', { name: 'Cart, 0 items' }));
  // The number the shopper is given is the one the back office finds the order by.
  const given = page.getByText('Order', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expectVisible(given);
  const number = (await given.innerText()).trim();
  assert.match(number, /^#\d{4,}$/);
  await t.shot(page, 'order-success');

  const [order] = await api.orders();
  assert.equal(number, `#${order.number}`);
  assert.equal(order.totalAmount, total);
  assert.equal(order.paymentStatus, 'paid');
  assert.equal(order.shippingAddress.city, 'Mogadishu');
  const after = await t.api.product(dress._id);
  assert.equal(after.stock, dress.stock - 2, 'stock taken at checkout');
  assert.equal(after.variants.find((v) => v._id === size._id).stock, size.stock - 2, "from the size's stock");

  await accountMenu(page, 'Profile');
  await expectPath(page, '/profile');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Order History' }));
  const row = page.getByRole('row').filter({ hasText: number });
  await expectVisible(row);
  await eventually(async () => {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim());
    assert.ok(cells.includes(`Total ${dollars(total)}`) || cells.includes(dollars(total)), `total in ${cells}`);
    assert.ok(cells.some((c) => c.endsWith('Pending')), `status in ${cells}`);
    assert.ok(cells.some((c) => c.endsWith('3 items')), `item count in ${cells}`);
  });
  await t.shot(page, 'orders');

  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search orders').fill(number);
  const found = admin.getByTestId('order-row');
  await eventually(async () => assert.equal(await found.count(), 1, 'one order has that number'));
  await expectText(found.getByTestId('order-id'), number);
  await expectVisible(found.getByText(shopper.name));
  await t.shot(admin, 'found-by-number');
});
