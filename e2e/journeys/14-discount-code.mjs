import assert from 'node:assert/strict';
import { cents, dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { exactly, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { APPROVED_PHONE, openCheckoutWithAddress } from '../lib/steps.mjs';

journey('14-discount-code', "a shopper applies an admin's 20% code on the cart page and pays the discounted total", async (t) => {
  // The admin makes the code through the API; it is stored in upper case.
  const admin = await t.api.asAdmin();
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const made = await admin.createDiscount({ code: code.toLowerCase(), kind: 'percent', value: 20 });
  assert.equal(made.code, code);
  assert.equal(made.timesUsed, 0);

  const shopper = newShopper('Discount');
  const api = await t.api.as(shopper, { register: true });
  const product = (await t.api.category('kids')).filter((p) => p.stock > 10 && isOneSize(p)).at(-1);
  const cart = await api.addToCart(product._id, 2);
  // 20 % of the merchandise, rounded half up to the cent; shipping stays.
  const discount = Math.round((cents(cart.subtotal) * 20) / 100) / 100;
  const total = (cents(cart.subtotal) - cents(discount) + cents(cart.shipping)) / 100;

  const page = await t.open();
  await t.signIn(page, shopper);
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expectPath(page, '/cart');
  const field = page.getByRole('textbox', { name: 'Discount code' });
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  assert.equal(await apply.isDisabled(), true, 'Apply is disabled while the field is empty');

  // A code the shop does not have: the server's message under the field, the total as it was.
  await field.fill('NO-SUCH-CODE');
  await apply.click();
  await expectVisible(page.getByRole('alert').filter({ hasText: exactly('Discount code not found') }));
  await expectText(page.getByTestId('total'), dollars(cart.total));
  await t.shot(page, 'unknown-code');

  // The admin's code typed in lower case: matched whatever the case.
  await field.fill(code.toLowerCase());
  await apply.click();
  await expectVisible(page.getByRole('button', { name: `Remove discount code ${code}` }));
  await expectVisible(page.getByText(`Discount (${code})`, { exact: true }));
  await expectText(page.getByTestId('discount'), `-${dollars(discount)}`);
  await expectText(page.getByTestId('shipping'), dollars(cart.shipping));
  await expectText(page.getByTestId('total'), dollars(total));
  await t.shot(page, 'cart-with-code');
  const held = await api.cart();
  assert.deepEqual(held.discount, { code, amount: discount });
  assert.equal(held.total, total);

  // Delivered to Hodan: its zone's fee in place of the flat one, the code's amount the same.
  const form = await openCheckoutWithAddress(page);
  const toHodan = await api.cartTo('Mogadishu', 'Hodan');
  const charged = (cents(cart.subtotal) - cents(discount) + cents(toHodan.shipping)) / 100;
  assert.equal(toHodan.total, charged);
  await expectText(page.getByTestId('discount'), `-${dollars(discount)}`);
  await expectText(page.getByTestId('total'), dollars(charged));
  const pay = page.getByRole('button', { name: `Pay ${dollars(charged)} with EVC Plus` });
  await expectVisible(pay);
  await form.getByLabel('EVC Plus Phone Number').fill(APPROVED_PHONE);
  await t.shot(page, 'checkout-with-code');
  await pay.click();
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  await expectVisible(page.getByRole('heading', { name: 'Payment Successful!' }));

  const [order] = await api.orders();
  assert.equal(order.discountCode, code);
  assert.equal(order.discountAmount, discount);
  assert.equal(order.totalAmount, charged);
  assert.equal(order.paymentStatus, 'paid');
  const used = (await admin.discounts()).find((d) => d.code === code);
  assert.equal(used.timesUsed, 1, 'the order took one use of the code');
});
