import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { accountMenu, staffMember } from '../lib/steps.mjs';

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled and line breaks). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((v) => v !== ''));
}

/** A CSV text of `rows` (every cell quoted), its lines ended with \n as the shop's export ends them. */
const toCsv = (rows) => rows.map((r) => r.map((v) => `"${String(v).replace(/"/g, '""')}"`).join(',')).join('\n') + '\n';

/** The size-stock list of a product's row, as the admin's table shows it ('M 9', 'L 1 (low)'). */
async function stockBySize(row, name) {
  const items = row.getByRole('list', { name: `Stock by size of ${name}` }).getByTestId('size-stock');
  return (await items.allInnerTexts()).map((s) => s.replace(/[·⚠]/g, '').replace(/\s+/g, ' ').trim());
}

journey('24-catalogue-import', 'a stock keeper exports the catalogue, is shown a bad row of its import, and imports the fixed file', async (t) => {
  const adminApi = await t.api.asAdmin();
  const [keeper, product] = await Promise.all([
    staffMember(t, adminApi, 'Sheets', 'stock'),
    // A product of the journey's own in three sizes, so its rows and stock are the journey's alone.
    adminApi.createProduct({
      name: `E2E Sheet Kaftan ${Date.now().toString(36)}`,
      category: 'women',
      description: 'A kaftan made by the end-to-end tests, restocked from a spreadsheet.',
      price: 28,
      discount: 0,
      tags: 'e2e, kaftan',
      variants: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 4 },
        { size: 'L', stock: 1 },
      ],
    }),
  ]);

  const page = await t.open({ name: 'stock-keeper' });
  await t.signIn(page, keeper);
  await accountMenu(page, 'Admin Dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expectPath(page, '/admin/products');
  await page.getByLabel('Search products').fill(product.name);
  const row = page.getByTestId('product-row').filter({ hasText: product.name });
  await expectVisible(row);
  await eventually(async () => assert.deepEqual(await stockBySize(row, product.name), ['S 2 (low)', 'M 4', 'L 1 (low)']));

  // Export CSV: the file the browser saves, fetched with the stock keeper's token.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'products.csv');
  await t.toast(page, 'Downloaded products.csv');
  const exported = parseCsv(await readFile(await download.path(), 'utf8'));
  const [header, ...rows] = exported;
  assert.deepEqual(header, [
    'handle', 'name', 'category', 'description', 'price', 'discount', 'tags', 'featured', 'images',
    'size_id', 'size', 'colour', 'sku', 'stock', 'exported_stock',
  ]);
  const col = Object.fromEntries(header.map((h, i) => [h, i]));
  const ours = rows.filter((r) => r[col.handle] === product._id);
  assert.deepEqual(
    ours.map((r) => [r[col.name], r[col.price], r[col.size], r[col.stock], r[col.exported_stock]]),
    [
      [product.name, '28.00', 'S', '2', '2'],
      [product.name, '28.00', 'M', '4', '4'],
      [product.name, '28.00', 'L', '1', '1'],
    ],
  );

  // The spreadsheet: M restocked to 9, and by mistake L's stock typed as -1 (line 4: the header is line 1).
  const edited = (lStock) =>
    toCsv([header, ...ours.map((r) => r.map((v, i) => (i !== col.stock ? v : r[col.size] === 'M' ? '9' : r[col.size] === 'L' ? lStock : v)))]);
  const upload = (text) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expectVisible(dialog);
  const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
  assert.equal(await importButton.getAttribute('aria-disabled'), 'true', 'nothing to import before a file is checked');

  await dialog.getByLabel('CSV file').setInputFiles(upload(edited('-1')));
  await expectVisible(dialog.getByRole('heading', { name: 'Rows to fix' }));
  await expectVisible(
    dialog.getByText('Nothing will be imported until every row is right. Fix these rows in your spreadsheet and choose the file again.'),
  );
  // A product with a bad row is neither created nor updated.
  await expectVisible(dialog.getByText('0 products to create, 0 to update, 0 unchanged', { exact: true }));
  const bad = dialog.getByRole('table', { name: 'Rows to fix' }).getByTestId('import-error');
  await eventually(async () =>
    assert.deepEqual(
      (await bad.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()),
      ['4 Stock must be a whole number of 0 or more'],
    ),
  );
  assert.equal(await importButton.getAttribute('aria-disabled'), 'true', 'Import stays off while a row is bad');
  await t.shot(page, 'import-rows-to-fix');
  assert.deepEqual((await t.api.product(product._id)).variants.map((v) => [v.size, v.stock]), [['S', 2], ['M', 4], ['L', 1]], 'a dry run writes nothing');

  // The fixed file chosen again: one product to update; Import writes it.
  await dialog.getByLabel('CSV file').setInputFiles(upload(edited('1')));
  await expectVisible(dialog.getByText('0 products to create, 1 to update, 0 unchanged', { exact: true }));
  await expectHidden(dialog.getByRole('heading', { name: 'Rows to fix' }));
  await eventually(async () => assert.equal(await importButton.getAttribute('aria-disabled'), null));
  await t.shot(page, 'import-preview');
  await importButton.click();
  await t.toast(page, 'Imported: 0 created, 1 updated');
  await expectHidden(dialog);
  await expectText(page.getByRole('heading', { level: 1 }), 'Products');

  // The list shows the new stock; so does the API.
  await eventually(async () => assert.deepEqual(await stockBySize(row, product.name), ['S 2 (low)', 'M 9', 'L 1 (low)']));
  await t.shot(page, 'imported');
  const after = await t.api.product(product._id);
  assert.deepEqual(after.variants.map((v) => [v.size, v.stock]), [['S', 2], ['M', 9], ['L', 1]]);
  assert.equal(after.stock, 12);
});
