import assert from 'node:assert/strict';
import { isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectVisible, journey } from '../lib/harness.mjs';
import { describeFocus, expectFocused, tabTo } from '../lib/keyboard.mjs';
import { APPROVED_PHONE } from '../lib/steps.mjs';

// Only the keyboard from the home page on: Tab / Shift+Tab to reach a control, Enter or Space to
// use it, typing into the focused field. Locators only find and check; nothing is clicked or
// filled through them.
journey('20-keyboard-checkout', 'from the home page to a paid order with the keyboard alone', async (t) => {
  const shopper = newShopper('Keyboard');
  const api = await t.api.as(shopper, { register: true });
  // A one-size product in stock with a name of its own, found through the header search.
  const products = await t.api.products();
  const product = products.find(
    (p) => isOneSize(p) && p.stock > 5 && products.filter((q) => q.name.toLowerCase().includes(p.name.toLowerCase())).length === 1,
  );
  assert.ok(product, 'a one-size product in stock');

  const page = await t.open();
  const { keyboard } = page;
  await page.goto('/');
  // The served page (plain HTML, its header frame hidden from assistive technology) until the
  // app has started and drawn its own header: a Tab before that would land in markup the app
  // then replaces.
  await expectVisible(page.getByRole('banner'));
  await expectVisible(page.getByRole('heading', { level: 1 }));

  // The first Tab reaches the skip link.
  await keyboard.press('Tab');
  await expectFocused(page.getByRole('link', { name: 'Skip to content' }));

  // Sign in: the header's Login link, the form's fields, Enter submits.
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }));
  await keyboard.press('Enter');
  await expectPath(page, '/login');
  await tabTo(page, page.getByLabel('Email'));
  await keyboard.type(shopper.email);
  // Under the e-mail, the switch to a phone number (accounts without an e-mail), then the password.
  await keyboard.press('Tab');
  await expectFocused(page.getByRole('button', { name: 'Use my phone number instead' }));
  await keyboard.press('Tab');
  await expectFocused(page.getByLabel('Password'));
  await keyboard.type(shopper.password);
  await t.shot(page, 'login');
  await keyboard.press('Enter');
  await t.toast(page, 'Logged in successfully');
  await expectPath(page, '/');
  await expectVisible(page.getByRole('button', { name: `Account menu for ${shopper.name}` }));

  // The header's Search button opens the search field with the focus in it.
  await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }));
  await keyboard.press('Enter');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expectFocused(box);
  await keyboard.type(product.name);
  await t.shot(page, 'search-box');
  await keyboard.press('Enter');
  await expectPath(page, `/search?q=${encodeURIComponent(product.name)}`);
  const results = page.getByRole('list', { name: 'Search results' });
  const productLink = results.getByRole('link', { name: product.name, exact: true });
  await expectVisible(productLink);
  await t.shot(page, 'results');
  await tabTo(page, productLink);
  await keyboard.press('Enter');
  await expectPath(page, `/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));

  // Add to Cart, with Space this time.
  await tabTo(page, page.getByRole('button', { name: 'Add to Cart', exact: true }));
  await keyboard.press('Space');
  await t.toast(page, 'Added to cart!');
  const cartLink = page.getByRole('link', { name: 'Cart, 1 item' });
  await expectVisible(cartLink);
  await t.shot(page, 'added');

  // Back up to the header's cart link.
  await tabTo(page, cartLink, { back: true });
  await keyboard.press('Enter');
  await expectPath(page, '/cart');
  await expectVisible(page.getByText('Subtotal (1 item)'));
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await keyboard.press('Enter');
  await expectPath(page, '/checkout');
  await expectVisible(page.getByText('Secure Checkout'));

  // The delivery address field by field, each the next Tab stop after the one before.
  const form = page.getByRole('form', { name: 'Checkout' });
  assert.equal(await form.getByLabel('Full Name').inputValue(), shopper.name);
  await tabTo(page, form.getByLabel('City'));
  await keyboard.type('Mogadishu');
  await keyboard.press('Tab');
  await expectFocused(form.getByLabel('District'));
  await keyboard.type('Hodan');
  await keyboard.press('Tab');
  await expectFocused(form.getByLabel('Address Line'));
  await keyboard.type('Maka Al Mukarama Road 12');
  await tabTo(page, form.getByLabel('EVC Plus Phone Number'), { max: 5 });
  await keyboard.type(APPROVED_PHONE);
  const pay = form.getByRole('button', { name: /^Pay \$[\d.]+ with EVC Plus$/ });
  await tabTo(page, pay, { max: 5 });
  await t.shot(page, 'checkout');
  await keyboard.press('Enter');
  await expectVisible(page.getByRole('button', { name: 'Processing Payment...' }));
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  await expectVisible(page.getByRole('heading', { name: 'Payment Successful!' }));
  await expectVisible(page.getByRole('link', { name: 'Cart, 0 items' }));
  await t.shot(page, 'order-success');
  // The page can be left by keyboard too.
  await keyboard.press('Tab');
  assert.notEqual(await describeFocus(page), '<body>', 'Tab moves the focus on /order-success');

  const [order] = await api.orders();
  assert.equal(order.paymentStatus, 'paid');
  assert.deepEqual(
    order.products.map((l) => [l.productId?._id ?? l.productId, l.quantity]),
    [[product._id, 1]],
  );
  assert.equal(order.shippingAddress.city, 'Mogadishu');
  assert.equal(order.shippingAddress.district, 'Hodan');
  assert.equal(order.shippingAddress.addressLine, 'Maka Al Mukarama Road 12');
  assert.equal((await t.api.product(product._id)).stock, product.stock - 1, 'one unit taken from the stock');
});
