import assert from 'node:assert/strict';
import { isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectVisible, journey } from '../lib/harness.mjs';

journey('02-wishlist', 'a shopper hearts a product on a category card and moves it to the cart', async (t) => {
  const shopper = newShopper('Wishlist');
  const api = await t.api.as(shopper, { register: true });
  // One-size: the wishlist moves it to the cart (one with sizes sends the shopper to its page).
  const product = (await t.api.category('women')).filter((p) => p.stock > 10 && isOneSize(p))[1];
  const page = await t.open();
  await t.signIn(page, shopper);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Women' }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Women Collection' }));
  await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
  await t.toast(page, `${product.name} added to wishlist!`);
  const filledHeart = page.getByRole('button', { name: `Remove ${product.name} from wishlist` });
  await expectVisible(filledHeart);
  assert.equal(await filledHeart.getAttribute('aria-pressed'), 'true');
  await expectVisible(page.getByRole('link', { name: 'Wishlist, 1 item' }));
  await t.shot(page, 'hearted');

  await page.getByRole('link', { name: 'Wishlist, 1 item' }).click();
  await expectPath(page, '/wishlist');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'My Wishlist' }));
  await expectVisible(page.getByText('1 Item', { exact: true }));
  await t.shot(page, 'wishlist');

  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await t.toast(page, 'Added to cart and removed from wishlist');
  await expectVisible(page.getByRole('heading', { name: 'Your wishlist is empty' }));
  await expectVisible(page.getByRole('link', { name: 'Start Shopping' }));
  await expectVisible(page.getByRole('link', { name: 'Cart, 1 item' }));
  await t.shot(page, 'moved');

  const [wishlist, cart] = await Promise.all([api.call('GET', '/api/wishlist'), api.cart()]);
  assert.equal(wishlist.products.length, 0);
  assert.deepEqual(
    cart.products.map((l) => [l.productId._id, l.quantity]),
    [[product._id, 1]],
  );
});
