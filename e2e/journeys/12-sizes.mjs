import assert from 'node:assert/strict';
import { dollars, newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { accountMenu, APPROVED_PHONE, openCheckoutWithAddress } from '../lib/steps.mjs';

/**
 * Chooses the option `name` of a radio group drawn as buttons (the product page's colours and
 * sizes): a click on the button, which is the radio's label (the radio itself is visually hidden).
 */
async function choose(group, name) {
  const radio = group.getByRole('radio', { name, exact: true });
  // `has` looks inside each label: a locator from the page's root, not the group's.
  await group.locator('label').filter({ has: group.page().getByRole('radio', { name, exact: true }) }).click();
  await eventually(async () => assert.equal(await radio.isChecked(), true, `${name} chosen`));
}

/** The distinct colours of a product's sizes, in their order. */
const coloursOf = (product) => [...new Set(product.variants.map((v) => v.colour).filter(Boolean))];

journey('12-sizes', 'a shopper picks a colour and a size, pays, and finds both on the order', async (t) => {
  const shopper = newShopper('Sizes');
  const api = await t.api.as(shopper, { register: true });
  // A demo product in several colours, bought in a colour other than the first (the one shown
  // first), in a size with a few left.
  const product = (await t.api.category('women')).find((p) =>
    coloursOf(p)
      .slice(1)
      .some((c) => p.variants.some((v) => v.colour === c && v.stock >= 2)),
  );
  assert.ok(product, 'the demo catalogue has a product in several colours');
  const [firstColour] = coloursOf(product);
  const size = product.variants.find((v) => v.colour !== firstColour && v.stock >= 2);
  const colour = size.colour;

  const page = await t.open();
  await t.signIn(page, shopper);
  await page.goto(`/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));

  // No size chosen yet: both buttons wait for one, and say why.
  const addToCart = page.getByRole('button', { name: 'Add to Cart', exact: true });
  const buyNow = page.getByRole('button', { name: 'Buy Now' });
  const hint = page.getByText('Please select a size', { exact: true });
  await expectVisible(hint);
  const hintId = await hint.getAttribute('id');
  for (const button of [addToCart, buyNow]) {
    assert.equal(await button.isDisabled(), true, `${await button.innerText()} waits for a size`);
    assert.equal(await button.getAttribute('aria-describedby'), hintId, 'the hint describes the button');
  }
  const colours = page.getByRole('group', { name: /^Colour/ });
  await expectVisible(colours.getByRole('radio', { name: firstColour }));
  assert.equal(await colours.getByRole('radio', { name: firstColour }).isChecked(), true, 'the first colour is shown first');
  await t.shot(page, 'no-size-yet');

  // The colour, then the size: the legends say what is chosen.
  await choose(colours, colour);
  await expectVisible(page.getByRole('group', { name: `Colour: ${colour}` }));
  const sizes = page.getByRole('group', { name: /^Size/ });
  const shown = product.variants.filter((v) => v.colour === colour);
  assert.deepEqual(await sizes.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.value)), shown.map((v) => v.size));
  for (const soldOut of shown.filter((v) => v.stock === 0)) {
    const description = await sizes.getByRole('radio', { name: soldOut.size, exact: true }).getAttribute('aria-describedby');
    assert.equal(await page.locator(`[id="${description}"]`).innerText(), 'Sold out', `${soldOut.size} is sold out`);
  }
  assert.equal(await addToCart.isDisabled(), true, 'a colour alone is not a size');
  await choose(sizes, size.size);
  await expectVisible(page.getByRole('group', { name: `Size: ${size.size}` }));
  await expectHidden(hint);
  assert.equal(await addToCart.isDisabled(), false);
  assert.equal(await buyNow.isDisabled(), false);
  await t.shot(page, 'size-chosen');

  await addToCart.click();
  await t.toast(page, 'Added to cart!');
  const [line] = (await api.cart()).products;
  assert.deepEqual([line.productId._id, line.variant._id, line.quantity], [product._id, size._id, 1]);

  // Checkout shows the size; an approved number pays.
  const label = `Size ${size.size} · ${colour}`;
  const form = await openCheckoutWithAddress(page);
  await expectText(page.getByTestId('line-variant'), label);
  await form.getByLabel('EVC Plus Phone Number').fill(APPROVED_PHONE);
  // Delivered to Hodan, the address the checkout fills in: its zone's fee.
  const total = (await api.cartTo('Mogadishu', 'Hodan')).total;
  await t.shot(page, 'checkout');
  await page.getByRole('button', { name: `Pay ${dollars(total)} with EVC Plus` }).click();
  await expectVisible(page.getByRole('button', { name: 'Processing Payment...' }));
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');

  const [order] = await api.orders();
  assert.equal(order.paymentStatus, 'paid');
  assert.deepEqual(
    order.products.map((l) => [l.variant?.size, l.variant?.colour, l.variant?.sku]),
    [[size.size, colour, size.sku]],
  );
  const after = await t.api.product(product._id);
  assert.equal(after.variants.find((v) => v._id === size._id).stock, size.stock - 1, "the size's stock is taken");
  assert.equal(after.stock, product.stock - 1);

  // Profile > Orders: the order's details name the size and the colour.
  await accountMenu(page, 'Profile');
  await expectPath(page, '/profile');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expectVisible(row);
  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.locator(`#order-${order._id}`);
  const orderLine = details.getByTestId('order-line');
  await eventually(async () => assert.match(await orderLine.innerText(), new RegExp(`${product.name} × 1`)));
  await expectText(orderLine.getByTestId('line-variant'), label);
  await t.shot(page, 'order-with-size');
});
