import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { eventually, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';

/** Chooses the option `name` of the product page's colours or sizes (the radio's label is the button drawn). */
async function choose(group, name) {
  const radio = group.getByRole('radio', { name, exact: true });
  await group.locator('label').filter({ has: group.page().getByRole('radio', { name, exact: true }) }).click();
  await eventually(async () => assert.equal(await radio.isChecked(), true, `${name} chosen`));
}

const coloursOf = (product) => [...new Set(product.variants.map((v) => v.colour).filter(Boolean))];

journey('29-add-after-sign-in', "a signed-out shopper's Add to Cart is finished after signing in, in the size and colour chosen", async (t) => {
  const shopper = newShopper('Later');
  const api = await t.api.as(shopper, { register: true });
  // A demo product in several colours, in a colour other than the one shown first and a size with stock.
  const product = (await t.api.category('women')).find((p) =>
    coloursOf(p)
      .slice(1)
      .some((c) => p.variants.some((v) => v.colour === c && v.stock >= 1)),
  );
  assert.ok(product, 'the demo catalogue has a product in several colours');
  const size = product.variants.find((v) => v.colour !== coloursOf(product)[0] && v.stock >= 1);

  const page = await t.open();
  await page.goto(`/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await choose(page.getByRole('group', { name: /^Colour/ }), size.colour);
  await choose(page.getByRole('group', { name: /^Size/ }), size.size);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await t.toast(page, 'Please log in to add to cart');
  await expectPath(page, '/login');

  // Signed in: back on the product with that colour and size chosen, the item in the cart.
  await t.signIn(page, shopper, { landing: `/product/${product._id}?variant=${size._id}` });
  await t.toast(page, 'Added to cart!');
  await expectVisible(page.getByRole('group', { name: `Colour: ${size.colour}` }));
  await expectVisible(page.getByRole('group', { name: `Size: ${size.size}` }));
  const cartLink = page.getByRole('link', { name: 'Cart, 1 item' });
  await expectText(cartLink.getByTestId('cart-count'), '1');
  const toasts = page.getByRole('region', { name: 'Notifications Alt+T' }).getByRole('alert');
  // The sign-in notice closed as the sign-in succeeded (it slides out); 'Added to cart!' is said once.
  await eventually(async () => assert.equal(await toasts.filter({ hasText: 'Please log in to add to cart' }).count(), 0));
  assert.equal(await toasts.filter({ hasText: 'Added to cart!' }).count(), 1);
  await t.shot(page, 'back-on-product');

  const { products: lines } = await api.cart();
  assert.deepEqual(
    lines.map((l) => [l.productId._id, l.variant?._id, l.quantity]),
    [[product._id, size._id, 1]],
  );
  await cartLink.click();
  await expectPath(page, '/cart');
  await expectText(page.getByTestId('cart-line').getByTestId('line-variant'), `Size ${size.size} · ${size.colour}`);
});
