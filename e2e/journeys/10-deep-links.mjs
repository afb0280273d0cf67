import assert from 'node:assert/strict';
import { STOREFRONT_PAGE_SIZE } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectVisible, journey } from '../lib/harness.mjs';
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

  // All products, one page at a time: the total, the first page, then 'Load more' to the end.
  assert.ok(products.length > STOREFRONT_PAGE_SIZE, 'the demo catalogue fills more than one page');
  await visit('/category');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'All Products' }));
  await expectVisible(page.getByText(`${products.length} products`, { exact: true }));
  const cardNames = () => page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();
  const names = (list) => list.map((p) => p.name);
  await eventually(async () => assert.deepEqual(await cardNames(), names(products.slice(0, STOREFRONT_PAGE_SIZE))));
  const loadMore = page.getByRole('button', { name: 'Load more' });
  for (let shown = STOREFRONT_PAGE_SIZE; shown < products.length; shown += STOREFRONT_PAGE_SIZE) {
    await loadMore.click();
    await eventually(async () => assert.deepEqual(await cardNames(), names(products.slice(0, shown + STOREFRONT_PAGE_SIZE))));
  }
  await expectHidden(loadMore);
  await t.shot(page, 'all-products');

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
