import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { DECLINED_MESSAGE, DECLINED_PHONE, openCheckoutWithAddress } from '../lib/steps.mjs';

journey('04-checkout-declined', 'a declined EVC Plus number keeps the cart and the stock', async (t) => {
  const shopper = newShopper('Declined');
  const api = await t.api.as(shopper, { register: true });
  const product = (await t.api.category('kids')).filter((p) => p.stock > 10 && isOneSize(p))[1];
  const stockBefore = (await t.api.product(product._id)).stock;
  await api.addToCart(product._id, 2);

  const page = await t.open();
  await t.signIn(page, shopper);
  const form = await openCheckoutWithAddress(page);
  await form.getByLabel('EVC Plus Phone Number').fill(DECLINED_PHONE);
  // Delivered to Hodan, the address the checkout fills in: its zone's fee.
  const toHodan = await api.cartTo('Mogadishu', 'Hodan');
  await page.getByRole('button', { name: `Pay ${dollars(toHodan.total)} with EVC Plus` }).click();
  await expectVisible(page.getByRole('button', { name: 'Processing Payment...' }));
  await t.toast(page, DECLINED_MESSAGE);
  // The form stays, ready for another number.
  await expectPath(page, '/checkout');
  await expectVisible(page.getByRole('button', { name: `Pay ${dollars(toHodan.total)} with EVC Plus` }));
  await t.shot(page, 'declined');

  await page.getByRole('link', { name: /Back to Cart/ }).click();
  await expectPath(page, '/cart');
  await expectText(page.getByTestId('cart-line').getByTestId('line-quantity'), '2');
  await expectVisible(page.getByRole('link', { name: 'Cart, 2 items' }));
  await t.shot(page, 'cart-kept');

  const after = await api.cart();
  assert.deepEqual(
    after.products.map((l) => [l.productId._id, l.quantity]),
    [[product._id, 2]],
  );
  assert.equal((await t.api.product(product._id)).stock, stockBefore, 'stock released after the decline');
  const orders = await api.orders();
  assert.ok(orders.every((o) => o.paymentStatus !== 'paid'), 'no paid order');
});
