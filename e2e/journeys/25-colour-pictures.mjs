import assert from 'node:assert/strict';
import { eventually, expectHidden, expectVisible, journey } from '../lib/harness.mjs';
import { stripedPng } from '../lib/png.mjs';
import { ADMIN } from '../lib/server.mjs';

/** A picture of a colour added through the API (multipart, the file as `image`): the product as the server answers it. */
async function addPicture(t, api, productId, colour, png) {
  const body = new FormData();
  body.set('image', new Blob([png], { type: 'image/png' }), 'picture.png');
  const reply = await fetch(t.url(`/api/products/${productId}/colours/${encodeURIComponent(colour)}/images`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}`, Accept: 'application/json' },
    body,
  });
  const text = await reply.text();
  assert.equal(reply.status, 200, `POST a picture of ${colour}: ${text}`);
  return JSON.parse(text);
}

/** Chooses a colour on the product page: a click on its button, the label of the visually hidden radio. */
async function chooseColour(page, name) {
  const colours = page.getByRole('group', { name: /^Colour/ });
  const radio = colours.getByRole('radio', { name, exact: true });
  // `has` looks inside each label: a locator from the page's root, not the group's.
  await colours.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) }).click();
  await eventually(async () => assert.equal(await radio.isChecked(), true, `${name} chosen`));
}

journey('25-colour-pictures', 'an admin gives each colour its pictures; a shopper choosing a colour sees its pictures', async (t) => {
  const adminApi = await t.api.asAdmin();
  // A product of the journey's own in Black and Sand; Sand gets two pictures through the API.
  let product = await adminApi.createProduct({
    name: `E2E Colour Kaftan ${Date.now().toString(36)}`,
    category: 'women',
    description: 'A kaftan made by the end-to-end tests, pictured in each of its colours.',
    price: 31,
    discount: 0,
    tags: 'e2e, kaftan',
    variants: [
      { size: 'S', colour: 'Black', stock: 3 },
      { size: 'M', colour: 'Black', stock: 3 },
      { size: 'S', colour: 'Sand', stock: 4 },
      { size: 'M', colour: 'Sand', stock: 4 },
    ],
  });
  await addPicture(t, adminApi, product._id, 'Sand', stripedPng(96, [194, 160, 110], [250, 240, 220]));
  product = await addPicture(t, adminApi, product._id, 'Sand', stripedPng(96, [120, 90, 50], [240, 225, 200]));
  const [sandFirst, sandSecond] = product.colourImages.Sand;

  // The admin adds Black's picture in the product form and puts Sand's second picture first.
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await admin.goto('/admin/products');
  await admin.getByLabel('Search products').fill(product.name);
  await admin.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Product' });
  const section = dialog.getByRole('region', { name: 'Pictures per colour' });
  const black = section.getByRole('group', { name: 'Black' });
  const sand = section.getByRole('group', { name: 'Sand' });
  await expectVisible(sand.getByRole('img', { name: 'Sand, picture 2' }));
  await black.getByLabel('Add a picture of Black').setInputFiles({ name: 'black.png', mimeType: 'image/png', buffer: stripedPng(96, [20, 20, 20], [90, 90, 90]) });
  await t.toast(admin, 'Picture added to Black');
  await expectVisible(black.getByRole('img', { name: 'Black, picture 1' }));
  await sand.getByRole('button', { name: 'Move picture 1 of Sand right' }).click();
  await eventually(async () => assert.deepEqual((await t.api.product(product._id)).colourImages.Sand, [sandSecond, sandFirst]));
  await expectVisible(sand.getByRole('button', { name: 'Move picture 2 of Sand left' }));
  await t.shot(admin, 'pictures-per-colour');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectHidden(dialog);

  // The server's answer: Black first (the sizes' order), its picture the cover.
  const saved = await t.api.product(product._id);
  assert.deepEqual(Object.keys(saved.colourImages), ['Black', 'Sand']);
  assert.equal(saved.colourImages.Black.length, 1);
  assert.equal(saved.image, saved.colourImages.Black[0]);

  // A shopper: Black's picture first; Sand chosen shows Sand's pictures, first to last.
  const page = await t.open({ name: 'shopper' });
  await page.goto(`/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  const main = page.getByRole('main').getByRole('img', { name: product.name, exact: true });
  await eventually(async () => assert.equal(await main.getAttribute('src'), saved.colourImages.Black[0]));
  await chooseColour(page, 'Sand');
  await eventually(async () => assert.equal(await main.getAttribute('src'), saved.colourImages.Sand[0]));
  const thumbnails = page.getByRole('list', { name: 'Product images' }).locator('img');
  assert.deepEqual(await thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src'))), saved.colourImages.Sand);
  await eventually(async () => assert.ok(await main.evaluate((img) => img.complete && img.naturalWidth > 0), 'the picture is served'));
  await t.shot(page, 'sand-pictures');
});
