import assert from 'node:assert/strict';
import { expectPath, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';

journey('10-deep-links', 'deep links and reloads load the page directly', async (t) => {
  const products = await t.api.products();
  const product = products[5];
  const kids = await t.api.category('kids');
  const page = await t.open();

  const visit = async (path, status = 200) => {
    const reply = await page.goto(path);
    assert.equal(reply.status(), status, `GET ${path}`);
  };
  const reload = async () => {
    const reply = await page.reload();
    assert.equal(reply.status(), 200, `reload ${page.url()}`);
  };

  await visit(`/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await reload();
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await t.shot(page, 'product');

  await visit('/category/kids');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kids Collection' }));
  await expectVisible(page.getByText(`${kids.length} products`, { exact: true }));
  await reload();
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kids Collection' }));
  await t.shot(page, 'kids');

  // The server answers an unknown product with 404 (for search engines) and the app's page.
  await visit('/product/no-such-product', 404);
  await expectVisible(page.getByRole('heading', { name: 'Product Not Found' }));
  await expectVisible(page.getByRole('link', { name: 'Browse Products' }));
  await t.shot(page, 'missing-product');

  // Signed out, /admin/orders asks for a sign-in and then returns there.
  await visit('/admin/orders');
  await expectPath(page, '/login');
  await t.signIn(page, ADMIN, { landing: '/admin/orders' });
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Orders' }));
  await reload();
  await expectPath(page, '/admin/orders');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Orders' }));
  await t.shot(page, 'admin-orders');
});
