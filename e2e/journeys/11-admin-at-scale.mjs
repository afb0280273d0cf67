import assert from 'node:assert/strict';
import { eventually, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';

/**
 * The size of the shop (issue 22: 10,000 products, 100,000 orders, 1,000 customers). Seeding
 * it with the debug binary takes about 30 s on 2 cores; smaller for a quick try with
 * E2E_SCALE_PRODUCTS / E2E_SCALE_ORDERS / E2E_SCALE_USERS.
 */
const SIZE = {
  products: Number(process.env.E2E_SCALE_PRODUCTS || 10_000),
  orders: Number(process.env.E2E_SCALE_ORDERS || 100_000),
  users: Number(process.env.E2E_SCALE_USERS || 1_000),
};

/** Rows per page of the admin lists (frontend/src/features/admin/lib/list/definition.ts). */
const PAGE_SIZE = 20;

/** Numbers as the pager prints them: 100,000. */
const count = (n) => n.toLocaleString('en-US');

/** The pager's summary of page `page` of `total` rows showing `shown`. */
const showing = (page, shown, total) => {
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Showing ${count(first)}–${count(first + shown - 1)} of ${count(total)}`;
};

/** The URL's path and its parameters, as an object (their order does not matter). */
const where = (page) => {
  const url = new URL(page.url());
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

async function expectWhere(page, path, params) {
  await eventually(() => assert.deepEqual(where(page), { path, params }));
}

journey(
  '11-admin-at-scale',
  'the back office lists of a shop with 10,000 products and 100,000 orders: one page, filters, search, reload, page 2',
  async (t) => {
    const big = await t.startShop({ seed: SIZE });
    console.log(`# 11-admin-at-scale: seeded ${SIZE.products} products, ${SIZE.orders} orders, ${SIZE.users} customers in ${(big.seedMs / 1000).toFixed(1)} s; shop ready ${big.startupMs} ms later`);
    const adminApi = await big.api.as(ADMIN);
    /**
     * What the server answers for a list query as the screen sends it: with the screen's
     * default order (orders: newest first; products: by name) unless `params` name another.
     */
    const SCREEN_SORT = { '/api/orders/all': { sort: 'date', dir: 'desc' }, '/api/admin/products': { sort: 'name', dir: 'asc' } };
    const expected = (path, params) =>
      adminApi.list(`${path}?${new URLSearchParams({ page: '1', limit: String(PAGE_SIZE), ...SCREEN_SORT[path], ...params })}`);

    const page = await t.open({ name: 'admin', baseUrl: big.baseUrl });
    const reload = async () => {
      const reply = await page.reload();
      assert.equal(reply.status(), 200, `reload ${page.url()}`);
    };

    // ---- Orders: one page of 20 out of 100,000, with the total.
    await page.goto('/admin/orders');
    await expectPath(page, '/login');
    await t.signIn(page, ADMIN, { landing: '/admin/orders' });
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Orders' }));
    const orderFilters = page.getByRole('search', { name: 'Filter orders' });
    const statusFilter = orderFilters.getByLabel('Status', { exact: true });
    const orderSearch = orderFilters.getByLabel('Search orders');
    const orderPager = page.getByRole('navigation', { name: 'Orders pages' });
    const orderRows = page.getByRole('table', { name: 'Orders' }).getByTestId('order-row');
    /** The screen shows exactly these orders (by number, in order) and this pager summary. */
    const expectOrders = async ({ rows, total }, pageNo = 1) => {
      assert.ok(rows.length <= PAGE_SIZE, 'the API answers one page');
      await eventually(async () => {
        assert.deepEqual(await orderRows.getByTestId('order-id').allInnerTexts(), rows.map((o) => `#${o.number}`));
      });
      assert.ok((await orderRows.count()) <= PAGE_SIZE, 'at most one page of rows');
      await expectText(orderPager.locator('p'), showing(pageNo, rows.length, total));
    };

    const all = await expected('/api/orders/all', {});
    assert.equal(all.total, SIZE.orders);
    assert.equal(all.rows.length, PAGE_SIZE);
    await expectOrders(all);
    await expectVisible(orderPager.getByRole('button', { name: 'Page 1', exact: true }));
    await expectVisible(orderPager.getByRole('button', { name: `Page ${Math.ceil(SIZE.orders / PAGE_SIZE).toLocaleString('en-US')}`, exact: true }));
    await t.shot(page, 'orders');

    // The status filter narrows the list: fewer orders, every one of them Shipped.
    await statusFilter.selectOption({ label: 'Shipped' });
    await expectWhere(page, '/admin/orders', { status: 'shipped' });
    const shipped = await expected('/api/orders/all', { status: 'shipped' });
    assert.ok(shipped.total > PAGE_SIZE && shipped.total < all.total, `shipped orders: ${shipped.total} of ${all.total}`);
    await expectOrders(shipped);
    for (const text of await orderRows.getByTestId('order-status').allInnerTexts()) assert.equal(text.trim(), 'Shipped');
    await t.shot(page, 'orders-shipped');

    // Page 2 of the filtered list, and a reload keeps the filter, the page and the rows.
    await orderPager.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectWhere(page, '/admin/orders', { status: 'shipped', page: '2' });
    const shipped2 = await expected('/api/orders/all', { status: 'shipped', page: '2' });
    await expectOrders(shipped2, 2);
    assert.notDeepEqual(shipped2.rows.map((o) => o._id), shipped.rows.map((o) => o._id));
    assert.equal(await orderPager.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'), 'page');
    await reload();
    await expectWhere(page, '/admin/orders', { status: 'shipped', page: '2' });
    await expectOrders(shipped2, 2);
    assert.equal(await statusFilter.inputValue(), 'shipped');
    for (const text of await orderRows.getByTestId('order-status').allInnerTexts()) assert.equal(text.trim(), 'Shipped');
    await t.shot(page, 'orders-shipped-page-2');

    // A seeded customer's e-mail (one with a shipped order): the search goes back to page 1
    // and shows only that customer's orders, with or without the status filter.
    const customer = shipped.rows[0].userId;
    await orderSearch.fill(customer.email);
    await expectWhere(page, '/admin/orders', { status: 'shipped', q: customer.email });
    const theirShipped = await expected('/api/orders/all', { status: 'shipped', q: customer.email });
    assert.ok(theirShipped.total >= 1 && theirShipped.total < shipped.total);
    await expectOrders(theirShipped);
    await statusFilter.selectOption({ label: 'All statuses' });
    await expectWhere(page, '/admin/orders', { q: customer.email });
    const theirs = await expected('/api/orders/all', { q: customer.email });
    assert.ok(theirs.total >= theirShipped.total && theirs.total < all.total, `their orders: ${theirs.total}`);
    assert.ok(theirs.rows.every((o) => o.userId.email === customer.email));
    await expectOrders(theirs);
    for (const row of await orderRows.all()) await expectVisible(row.getByText(customer.email, { exact: true }));
    await t.shot(page, 'orders-customer');

    // A reload keeps the search: the URL, the search box, the status filter and the rows.
    const searchedUrl = page.url();
    await reload();
    assert.equal(page.url(), searchedUrl);
    await expectOrders(theirs);
    assert.equal(await orderSearch.inputValue(), customer.email);
    assert.equal(await statusFilter.inputValue(), '');

    // The number a customer was given finds that one order.
    const one = all.rows[3];
    const number = `#${one.number}`;
    await orderSearch.fill(number);
    await expectWhere(page, '/admin/orders', { q: number });
    const byId = await expected('/api/orders/all', { q: number });
    assert.deepEqual([byId.total, byId.rows[0]?._id], [1, one._id], `orders found by ${number}`);
    await expectOrders(byId);

    // ---- Products: one page of 20 out of 10,000; search by a word of a name, then the
    // category and stock filters.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await expectPath(page, '/admin/products');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Products' }));
    const productFilters = page.getByRole('search', { name: 'Filter products' });
    const productSearch = productFilters.getByLabel('Search products');
    const categoryFilter = productFilters.getByLabel('Category', { exact: true });
    const stockFilter = productFilters.getByLabel('Stock status', { exact: true });
    const productPager = page.getByRole('navigation', { name: 'Products pages' });
    const productRows = page.getByRole('table', { name: 'Products' }).getByTestId('product-row');
    /** The screen shows exactly these products (by name, in order) and this pager summary. */
    const expectProducts = async ({ rows, total }, pageNo = 1) => {
      await eventually(async () => {
        const shown = await productRows.count();
        assert.equal(shown, rows.length, 'product rows');
        for (const [i, p] of rows.entries()) {
          assert.ok(await productRows.nth(i).getByRole('button', { name: `Edit ${p.name}`, exact: true }).isVisible(), `row ${i + 1}: ${p.name}`);
        }
      });
      assert.ok((await productRows.count()) <= PAGE_SIZE, 'at most one page of rows');
      await expectText(productPager.locator('p'), showing(pageNo, rows.length, total));
    };

    const products = await expected('/api/admin/products', {});
    assert.equal(products.total, SIZE.products);
    await expectProducts(products);
    await t.shot(page, 'products');

    // The first word of a low-stock kids product's name (its fabric: 'Chiffon', 'Linen', …),
    // which hundreds of products in every category share.
    const word = (await expected('/api/admin/products', { category: 'kids', stock: 'lowStock' })).rows[0].name.split(' ')[0];
    await productSearch.fill(word);
    await expectWhere(page, '/admin/products', { q: word });
    const matching = await expected('/api/admin/products', { q: word });
    assert.ok(matching.total > PAGE_SIZE && matching.total < products.total, `'${word}': ${matching.total} products`);
    await expectProducts(matching);

    // Page 2 of the search.
    await productPager.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectWhere(page, '/admin/products', { q: word, page: '2' });
    await expectProducts(await expected('/api/admin/products', { q: word, page: '2' }), 2);

    // Kids only, then low stock only: each narrows the list, every row says so.
    await categoryFilter.selectOption({ label: 'Kids' });
    await expectWhere(page, '/admin/products', { q: word, category: 'kids' });
    const kids = await expected('/api/admin/products', { q: word, category: 'kids' });
    assert.ok(kids.total >= 1 && kids.total < matching.total, `'${word}' in kids: ${kids.total}`);
    await expectProducts(kids);
    await stockFilter.selectOption({ label: 'Low Stock' });
    await expectWhere(page, '/admin/products', { q: word, category: 'kids', stock: 'lowStock' });
    const low = await expected('/api/admin/products', { q: word, category: 'kids', stock: 'lowStock' });
    assert.ok(low.total >= 1 && low.total < kids.total, `'${word}' in kids, low stock: ${low.total}`);
    await expectProducts(low);
    const checkRows = async () => {
      for (const row of await productRows.all()) {
        await expectText(row.getByTestId('stock-badge'), 'Low Stock');
        await expectText(row.getByRole('cell').nth(1), 'Kids');
      }
    };
    await checkRows();
    await t.shot(page, 'products-filtered');

    // A reload keeps all three.
    const filteredUrl = page.url();
    await reload();
    assert.equal(page.url(), filteredUrl);
    await expectProducts(low);
    assert.equal(await productSearch.inputValue(), word);
    assert.equal(await categoryFilter.inputValue(), 'kids');
    assert.equal(await stockFilter.inputValue(), 'lowStock');
    await checkRows();

    // ---- Users: 1,000 customers and the admin, one page; a customer's e-mail finds them.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await expectPath(page, '/admin/users');
    const userRows = page.getByRole('table', { name: 'Users' }).getByTestId('user-row');
    const userPager = page.getByRole('navigation', { name: 'Users pages' });
    const users = await expected('/api/users', {});
    assert.equal(users.total, SIZE.users + 1);
    await eventually(async () => assert.equal(await userRows.count(), PAGE_SIZE));
    await expectText(userPager.locator('p'), showing(1, PAGE_SIZE, users.total));
    await page.getByRole('search', { name: 'Filter users' }).getByLabel('Search users').fill(customer.email);
    await expectWhere(page, '/admin/users', { q: customer.email });
    await eventually(async () => assert.equal(await userRows.count(), 1));
    await expectVisible(userRows.getByText(customer.email, { exact: true }));
    await expectText(userPager.locator('p'), showing(1, 1, 1));
    await t.shot(page, 'users-search');
  },
  { timeout: 600_000 },
);
