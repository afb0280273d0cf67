import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { stripedPng } from '../lib/png.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu, APPROVED_PHONE } from '../lib/steps.mjs';

/** The value under a dashboard card's label. */
const card = (page, label) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

journey('06-admin', 'an admin sees a new order, adds a product with a picture and ships the order', async (t) => {
  // A shopper's paid order, placed through the API.
  const shopper = newShopper('Ordered');
  const api = await t.api.as(shopper, { register: true });
  const bought = (await t.api.category('sales')).find((p) => p.stock > 10 && isOneSize(p));
  await api.addToCart(bought._id, 1);
  const { order } = await api.checkout(APPROVED_PHONE);
  const adminApi = await t.api.asAdmin();
  const stats = await adminApi.stats();

  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await accountMenu(admin, 'Admin Dashboard');
  await expectPath(admin, '/admin');
  await expectVisible(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
  await expectVisible(admin.getByText(`Welcome back, ${adminApi.user.name}!`));
  await expectText(card(admin, 'Total Products'), String(stats.totalProducts));
  await expectText(card(admin, 'Total Orders'), String(stats.totalOrders));
  await expectText(card(admin, 'Pending Orders'), String(stats.pendingOrders));
  await expectText(card(admin, 'Total Revenue'), dollars(stats.totalRevenue));
  assert.ok(stats.totalOrders >= 1 && stats.pendingOrders >= 1 && stats.totalRevenue >= order.totalAmount);
  const recent = admin.getByRole('region', { name: 'Recent Orders' });
  const recentRow = recent.getByRole('row').filter({ hasText: `#${order.number}` });
  await expectVisible(recentRow);
  await expectVisible(recentRow.getByText(shopper.name));
  await expectVisible(recentRow.getByText(dollars(order.totalAmount)));
  await t.shot(admin, 'dashboard');

  // A new product with a picture.
  const name = `E2E Striped Tunic ${Date.now().toString(36)}`;
  const sidebar = admin.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expectPath(admin, '/admin/products');
  await admin.getByRole('button', { name: 'Add New Product' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add New Product' });
  await expectVisible(dialog);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').selectOption('kids');
  await dialog.getByLabel('Price').fill('19.99');
  await dialog.getByLabel('Description').fill('A striped cotton tunic made by the end-to-end tests.');
  await dialog.getByLabel('Stock').fill('7');
  await dialog.getByLabel('Discount (%)').fill('0');
  await dialog.getByLabel('Tags').fill('e2e, tunic');
  await dialog.getByLabel('Image').setInputFiles({ name: 'tunic.png', mimeType: 'image/png', buffer: stripedPng() });
  await expectVisible(dialog.getByRole('img', { name: 'Image preview' }));
  await t.shot(admin, 'new-product');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await t.toast(admin, 'Product created successfully');
  await expectHidden(dialog);
  await expectVisible(admin.getByRole('row').filter({ hasText: name }));
  await t.shot(admin, 'products');

  const created = (await t.api.category('kids')).find((p) => p.name === name);
  assert.ok(created, 'the product is in the kids category');
  assert.equal(created.price, 19.99);
  assert.match(created.image, /^\/uploads\//);

  // The storefront shows it, picture included.
  const page = await t.open();
  await page.goto('/category/kids');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kids Collection' }));
  const productCard = page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
  await productCard.scrollIntoViewIfNeeded();
  await expectVisible(productCard);
  await expectText(productCard.getByTestId('price'), '$19.99');
  const picture = productCard.locator('img').first();
  assert.match(await picture.getAttribute('src'), /\/uploads\//);
  await eventually(async () => assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), 'picture loaded'));
  await t.shot(page, 'storefront-kids');

  // Ship the order.
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expectPath(admin, '/admin/orders');
  const row = admin.getByTestId('order-row').filter({ hasText: `#${order.number}` });
  await expectVisible(row);
  await expectText(row.getByTestId('order-status'), 'Pending');
  await row.getByRole('button', { name: `Update Status of order #${order.number}` }).click();
  const statusDialog = admin.getByRole('dialog', { name: 'Update Order Status' });
  await statusDialog.getByLabel('Status').selectOption({ label: 'Shipped' });
  await t.shot(admin, 'update-status');
  await statusDialog.getByRole('button', { name: 'Update' }).click();
  await t.toast(admin, 'Order status updated successfully');
  await expectHidden(statusDialog);
  await expectText(row.getByTestId('order-status'), 'Shipped');
  await t.shot(admin, 'shipped');

  // The shopper sees it.
  await t.signIn(page, shopper);
  await accountMenu(page, 'Profile');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const mine = page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expectText(mine.getByTestId('order-status'), 'Shipped');
  await t.shot(page, 'shopper-shipped');
});
