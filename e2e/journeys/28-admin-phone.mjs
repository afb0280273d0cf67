import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey, PHONE } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { APPROVED_PHONE } from '../lib/steps.mjs';

/** Nothing to scroll sideways: the page is no wider than the phone. */
async function fitsThePhone(page, screen) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${screen} is ${width} px wide on a ${PHONE.width} px phone`);
}

/** A control a thumb can hit: at least 44 × 44 px on screen. */
async function expectTapTarget(locator) {
  const box = await locator.boundingBox();
  assert.ok(box && box.width >= 44 && box.height >= 44, `${locator} is ${box?.width} × ${box?.height} px`);
}

/** The value of a card's line, the one after its label. */
const line = (card, label) => card.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

journey('28-admin-phone', 'on a 390 px phone the admin ships an order and edits a product from their cards; Reports fits', async (t) => {
  // A shopper's paid order and a product of the journey's own, through the API.
  const adminApi = await t.api.asAdmin();
  const shopper = newShopper('Phoned');
  const name = `E2E Phone Shawl ${Date.now().toString(36)}`;
  const [api, made] = await Promise.all([
    t.api.as(shopper, { register: true }),
    adminApi.createProduct({ name, category: 'women', description: 'A shawl made by the end-to-end tests, edited on a phone.', price: 21, discount: 0, tags: 'e2e, shawl', stock: 6 }),
  ]);
  await api.addToCart(made._id, 1);
  const { order } = await api.checkout(APPROVED_PHONE);
  const short = `#${order.number}`;

  const page = await t.open({ viewport: PHONE });
  await t.signIn(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expectPath(page, '/admin/orders');

  // Orders: a card per order, no table; its status, payment and buttons on screen.
  const card = page.getByTestId('order-row').filter({ hasText: short });
  await expectVisible(card);
  await expectHidden(page.getByRole('table'));
  await expectText(card.getByTestId('order-status'), 'Pending');
  await expectVisible(line(card, 'Customer').getByText(shopper.name));
  await expectVisible(card.getByTestId('order-payment').getByText('EVC Plus'));
  const update = card.getByRole('button', { name: `Update Status of order ${short}` });
  const details = card.getByRole('button', { name: `Details of order ${short}` });
  await expectTapTarget(update);
  await expectTapTarget(details);
  await fitsThePhone(page, 'Orders');
  await details.click();
  await expectVisible(card.getByRole('heading', { name: 'Delivery address' }));
  await t.shot(page, 'orders');

  await update.click();
  const statusDialog = page.getByRole('dialog', { name: 'Update Order Status' });
  await statusDialog.getByLabel('Status').selectOption({ label: 'Shipped' });
  await t.shot(page, 'update-status');
  await statusDialog.getByRole('button', { name: 'Update' }).click();
  await t.toast(page, 'Order status updated successfully');
  await expectHidden(statusDialog);
  await expectText(card.getByTestId('order-status'), 'Shipped');
  assert.equal((await adminApi.order(order._id)).status, 'shipped');
  // The card's id opens the order's page.
  await card.getByRole('link', { name: short }).click();
  await expectPath(page, `/admin/orders/${order._id}`);
  await fitsThePhone(page, "The order's page");

  // Products: the product's stock and Edit on its card.
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill(name);
  const product = page.getByTestId('product-row').filter({ hasText: name });
  await expectVisible(product);
  await eventually(async () => assert.equal(await page.getByTestId('product-row').count(), 1));
  // The shopper's unit is taken from the stock.
  await expectText(line(product, 'Stock'), '5');
  await expectText(line(product, 'Price'), '$21.00');
  const edit = product.getByRole('button', { name: `Edit ${name}` });
  await expectTapTarget(edit);
  await expectTapTarget(product.getByRole('button', { name: `Delete ${name}` }));
  await fitsThePhone(page, 'Products');
  await t.shot(page, 'products');
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  assert.equal(await dialog.getByLabel('Name').inputValue(), name);
  assert.equal(await dialog.getByLabel('Stock').inputValue(), '5');
  await t.shot(page, 'edit-product');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectHidden(dialog);

  // Reports: the figures, the chart and the top products' cards within the phone's width.
  await page.goto('/admin/reports');
  const top = page.getByRole('region', { name: 'Top products', exact: true });
  await expectVisible(top.getByTestId('top-product'));
  await expectHidden(page.getByRole('table', { name: 'Top products' }));
  await expectVisible(page.getByRole('heading', { name: 'Admin activity' }));
  await fitsThePhone(page, 'Reports');
  await t.shot(page, 'reports');
});
