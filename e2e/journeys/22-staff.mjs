import assert from 'node:assert/strict';
import { isOneSize, newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { accountMenu, APPROVED_PHONE, staffMember } from '../lib/steps.mjs';

/** The back office's sidebar links, in order (`nav`: the sidebar's name in the language shown). */
async function expectSidebar(page, names, nav = 'Admin') {
  const links = page.getByRole('navigation', { name: nav }).getByRole('link');
  await eventually(async () => assert.deepEqual((await links.allInnerTexts()).map((s) => s.trim()), names));
}

/** The in-layout page of a screen the role does not allow. */
async function expectDenied(page) {
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Access denied' }));
  await expectVisible(page.getByText("Your role does not allow this screen. Ask the shop's admin if you need it."));
  await expectVisible(page.getByRole('navigation', { name: 'Admin' }));
}

/** Signs `who` in and opens the back office from the account menu: their home. */
async function openBackOffice(t, page, who, role) {
  await t.signIn(page, who);
  await accountMenu(page, 'Admin Dashboard');
  await expectPath(page, '/admin');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Home' }));
  await expectVisible(page.getByText(`Welcome back, ${who.name}!`));
  await expectText(page.getByTestId('staff-role'), `Your role: ${role}`);
  await expectHidden(page.getByRole('heading', { name: 'Admin Dashboard' }));
}

journey('22-staff', "an order handler ships an order and a stock keeper changes a size's stock, each refused the other's screens", async (t) => {
  const adminApi = await t.api.asAdmin();
  const shopper = newShopper('Staffed');
  const [handler, keeper, order, product] = await Promise.all([
    staffMember(t, adminApi, 'Handler', 'orders'),
    staffMember(t, adminApi, 'Keeper', 'stock'),
    // A shopper's paid order, placed through the API.
    (async () => {
      const api = await t.api.as(shopper, { register: true });
      const bought = (await t.api.category('sales')).find((p) => p.stock > 10 && isOneSize(p));
      await api.addToCart(bought._id, 1);
      return (await api.checkout(APPROVED_PHONE)).order;
    })(),
    // A product of the journey's own in three sizes, so its stock is the journey's alone.
    adminApi.createProduct({
      name: `E2E Stocked Abaya ${Date.now().toString(36)}`,
      category: 'women',
      description: 'An abaya made by the end-to-end tests, restocked by a stock keeper.',
      price: 30,
      discount: 0,
      tags: 'e2e, abaya',
      variants: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 4 },
        { size: 'L', stock: 1 },
      ],
    }),
  ]);
  const short = `#${order.number}`;

  // The order handler: orders and returns, no products or settings.
  const desk = await t.open({ name: 'order-handler' });
  await openBackOffice(t, desk, handler, 'Order handler');
  await expectSidebar(desk, ['Home', 'Orders', 'Deliveries', 'Returns']);
  const screens = desk.getByRole('region', { name: 'Your screens' });
  await expectVisible(screens.getByRole('link', { name: /^Orders/ }));
  await t.shot(desk, 'order-handler-home');

  // Typing the address of a screen outside the role: the access-denied page, not the screen.
  await desk.goto('/admin/products');
  await expectDenied(desk);
  await expectHidden(desk.getByRole('button', { name: 'Add New Product' }));
  await t.shot(desk, 'order-handler-denied');

  await desk.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expectPath(desk, '/admin/orders');
  const row = desk.getByTestId('order-row').filter({ hasText: short });
  await expectText(row.getByTestId('order-status'), 'Pending');
  // Without money.read the server sends no amounts, and no column or cell shows one.
  await expectHidden(desk.getByRole('columnheader', { name: 'Total' }));
  assert.doesNotMatch(await row.innerText(), /\$/, 'no amount in the order handler\'s row');
  await row.getByRole('button', { name: `Update Status of order ${short}` }).click();
  const statusDialog = desk.getByRole('dialog', { name: 'Update Order Status' });
  await statusDialog.getByLabel('Status').selectOption({ label: 'Shipped' });
  await statusDialog.getByRole('button', { name: 'Update' }).click();
  await t.toast(desk, 'Order status updated successfully');
  await expectHidden(statusDialog);
  await expectText(row.getByTestId('order-status'), 'Shipped');
  await t.shot(desk, 'order-handler-shipped');
  const mine = await (await t.api.as(shopper)).order(order._id);
  assert.equal(mine.status, 'shipped', "the shopper's order is shipped");

  // The stock keeper: products, the sizes shoppers wait for, and reviews; no orders.
  const store = await t.open({ name: 'stock-keeper' });
  await openBackOffice(t, store, keeper, 'Stock keeper');
  await expectSidebar(store, ['Home', 'Products', 'Restock requests', 'Reviews']);
  await t.shot(store, 'stock-keeper-home');

  await store.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expectPath(store, '/admin/products');
  await store.getByLabel('Search products').fill(product.name);
  // The search's rows, loaded: the page before them stays dimmed while they load, and axe would
  // read its faded colours behind the dialog.
  await eventually(async () => {
    const rows = await store.getByTestId('product-row').allInnerTexts();
    assert.ok(rows.length > 0 && rows.every((row) => row.includes(product.name)), `the search's rows: ${rows.length}`);
    assert.equal(await store.locator('[aria-busy="true"]').count(), 0, 'the list is loaded');
  });
  const productRow = store.getByTestId('product-row').filter({ hasText: product.name });
  await expectVisible(productRow);
  await productRow.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = store.getByRole('dialog', { name: 'Edit Product' });
  assert.equal(await dialog.getByLabel('Size, row 2', { exact: true }).inputValue(), 'M');
  await dialog.getByLabel('Stock, row 2', { exact: true }).fill('9');
  await t.shot(store, 'stock-keeper-size-stock');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await t.toast(store, 'Product updated successfully');
  await expectHidden(dialog);
  const after = await t.api.product(product._id);
  assert.deepEqual(
    after.variants.map((v) => [v.size, v.stock]),
    [
      ['S', 2],
      ['M', 9],
      ['L', 1],
    ],
    "M's stock is 9, the other sizes' as they were",
  );
  assert.equal(after.stock, 12);

  await store.goto('/admin/orders');
  await expectDenied(store);
  await expectHidden(store.getByTestId('order-row'));
  await t.shot(store, 'stock-keeper-denied');

  // The back office in Somali: the stock keeper's choice, kept with her account, so a sign-in
  // elsewhere opens it in Somali.
  await store.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Soomaali' }).click();
  await expectVisible(store.getByRole('heading', { level: 1, name: 'Lama oggola' }));
  await expectSidebar(store, ['Bogga hore', 'Alaabta', 'Codsiyada dib u buuxinta', 'Faallooyinka'], 'Maamulka');
  await t.shot(store, 'stock-keeper-somali-denied');
  await eventually(async () => assert.equal((await t.api.as(keeper)).user.language, 'so'));
  const elsewhere = await t.open({ name: 'stock-keeper-elsewhere' });
  await elsewhere.goto('/login');
  await elsewhere.getByLabel('Email').fill(keeper.email);
  await elsewhere.getByLabel('Password').fill(keeper.password);
  await elsewhere.getByRole('button', { name: 'Sign In' }).click();
  await expectPath(elsewhere, '/');
  await elsewhere.goto('/admin/products');
  await expectVisible(elsewhere.getByRole('heading', { level: 1, name: 'Alaabta' }));
  await expectSidebar(elsewhere, ['Bogga hore', 'Alaabta', 'Codsiyada dib u buuxinta', 'Faallooyinka'], 'Maamulka');
  await t.shot(elsewhere, 'stock-keeper-somali-products');
});
