import assert from 'node:assert/strict';
import { isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';

journey('01-visitor-cart', 'a visitor chooses two units of a product, is sent to log in, registers and is back with both in the cart', async (t) => {
  const page = await t.open();
  const shopper = newShopper('Visitor');
  // One-size: Add to Cart works without choosing a size (12-sizes covers sizes).
  const product = (await t.api.category('women')).find((p) => p.stock > 10 && isOneSize(p));

  await page.goto('/');
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await expectVisible(page.getByRole('heading', { level: 1 }));
  await t.shot(page, 'home');

  await mainNav.getByRole('link', { name: 'Women' }).click();
  await expectPath(page, '/category/women');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Women Collection' }));
  await t.shot(page, 'women');

  await page.getByRole('link', { name: product.name, exact: true }).click();
  await expectPath(page, `/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await t.shot(page, 'product');

  // Signed out: adding asks for a sign-in first; the two units chosen wait for it.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  assert.equal(await quantity.inputValue(), '2');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await t.toast(page, 'Please log in to add to cart');
  await expectPath(page, '/login');
  await t.shot(page, 'login');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expectPath(page, '/register');
  await page.getByLabel('Full Name').fill(shopper.name);
  await page.getByLabel('Email Address').fill(shopper.email);
  await page.getByLabel('Phone Number').fill(shopper.phone);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByLabel('Confirm Password').fill(shopper.password);
  await t.shot(page, 'register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await t.toast(page, 'Registered successfully');
  // Registered and signed in: the two units go into the cart and the shopper is back on the product.
  await t.toast(page, 'Added to cart!');
  await expectPath(page, `/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await expectVisible(page.getByRole('button', { name: `Account menu for ${shopper.name}` }));

  const cartLink = page.getByRole('link', { name: 'Cart, 2 items' });
  await expectVisible(cartLink);
  await expectText(cartLink.getByTestId('cart-count'), '2');
  await t.shot(page, 'added');

  const api = await t.api.as(shopper);
  const cart = await api.cart();
  assert.deepEqual(
    cart.products.map((l) => [l.productId._id, l.quantity]),
    [[product._id, 2]],
  );

  await cartLink.click();
  await expectPath(page, '/cart');
  await expectText(page.getByTestId('cart-line').getByTestId('line-quantity'), '2');
  await expectVisible(page.getByText('Subtotal (2 items)'));
  await t.shot(page, 'cart');
});
