import assert from 'node:assert/strict';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu } from '../lib/steps.mjs';

/** Stock per size of the new product: S is sold out from the start. */
const STOCK = { S: 0, M: 5, L: 3, XL: 2, XXL: 1 };

journey('13-admin-size-grid', 'an admin creates a product with a size grid and its sold-out size cannot be bought', async (t) => {
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await accountMenu(admin, 'Admin Dashboard');
  await expectPath(admin, '/admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expectPath(admin, '/admin/products');
  await admin.getByRole('button', { name: 'Add New Product' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add New Product' });
  await expectVisible(dialog);

  const name = `E2E Sized Tunic ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').selectOption('women');
  await dialog.getByLabel('Price').fill('24.99');
  await dialog.getByLabel('Description').fill('A cotton tunic in five sizes, made by the end-to-end tests.');
  await dialog.getByLabel('Discount (%)').fill('0');
  await dialog.getByLabel('Tags').fill('e2e, tunic');

  // The usual women's sizes at once, without XS; each row's stock.
  await dialog.getByRole('button', { name: 'Add Women sizes (XS to XXL)' }).click();
  const rows = dialog.getByTestId('variant-row');
  await eventually(async () => assert.equal(await rows.count(), 6));
  // With sizes the product's own stock field goes: its stock is theirs.
  await expectHidden(dialog.getByLabel('Stock', { exact: true }));
  assert.equal(await dialog.getByLabel('Size, row 1', { exact: true }).inputValue(), 'XS');
  await dialog.getByRole('button', { name: 'Remove row 1' }).click();
  await eventually(async () => assert.equal(await rows.count(), 5));
  const sizes = Object.keys(STOCK);
  for (const [index, size] of sizes.entries()) {
    const n = index + 1;
    assert.equal(await dialog.getByLabel(`Size, row ${n}`, { exact: true }).inputValue(), size);
    const stock = dialog.getByLabel(`Stock, row ${n}`, { exact: true });
    if (STOCK[size] === 0) assert.equal(await stock.inputValue(), '0', 'a new size starts at 0');
    else await stock.fill(String(STOCK[size]));
  }
  const total = Object.values(STOCK).reduce((a, b) => a + b, 0);
  await expectText(dialog.getByTestId('variants-total'), `Total stock: ${total}`);
  await t.shot(admin, 'size-grid');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await t.toast(admin, 'Product created successfully');
  await expectHidden(dialog);
  const row = admin.getByRole('row').filter({ hasText: name });
  await expectVisible(row);
  const stockBySize = row.getByRole('list', { name: `Stock by size of ${name}` }).getByTestId('size-stock');
  await eventually(async () =>
    assert.deepEqual(
      (await stockBySize.allInnerTexts()).map((s) => s.replace(/[·⚠]/g, '').replace(/\s+/g, ' ').trim()),
      // Flagged for the admin: sold out, or low (3 or fewer left).
      sizes.map((s) => `${s} ${STOCK[s]}${STOCK[s] === 0 ? ' (sold out)' : STOCK[s] <= 3 ? ' (low)' : ''}`),
    ),
  );
  await t.shot(admin, 'products');

  const created = (await t.api.category('women')).find((p) => p.name === name);
  assert.ok(created, 'the product is in the women category');
  assert.equal(created.stock, total, "the product's stock is the sum of its sizes'");
  assert.deepEqual(
    created.variants.map((v) => [v.size, v.colour ?? null, v.stock, v.stockStatus]),
    sizes.map((s) => [s, null, STOCK[s], STOCK[s] === 0 ? 'outOfStock' : 'lowStock']),
  );
  assert.ok(created.variants.every((v) => /^E2E-SIZED-TU-/.test(v.sku)), 'SKUs are made from the name');

  // The storefront: the sold-out size says so; chosen, it cannot be bought, only asked for (issue 44).
  const page = await t.open();
  await page.goto(`/product/${created._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name }));
  const sizeGroup = page.getByRole('group', { name: /^Size/ });
  const soldOut = sizeGroup.getByRole('radio', { name: 'S', exact: true });
  const note = sizeGroup.getByText('Sold out', { exact: true });
  await expectVisible(note);
  assert.equal(await soldOut.getAttribute('aria-describedby'), await note.getAttribute('id'), "'Sold out' describes S");
  assert.equal(await page.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), true);
  await expectVisible(page.getByText('Please select a size', { exact: true }));
  await sizeGroup.locator('label').filter({ has: page.getByRole('radio', { name: 'S', exact: true }) }).click();
  await eventually(async () => assert.equal(await soldOut.isChecked(), true, 'S chosen'));
  assert.equal(await page.getByRole('button', { name: 'Add to Cart', exact: true }).isDisabled(), true, 'a sold-out size cannot be bought');
  await expectHidden(page.getByText('Please select a size', { exact: true }));
  await expectVisible(page.getByRole('button', { name: "Notify me when it's back" }));
  await t.shot(page, 'sold-out-size');
});
