import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { eventually, expectPath, expectText, expectVisible, journey, PHONE } from '../lib/harness.mjs';
import { APPROVED_PHONE } from '../lib/steps.mjs';

/** CLDR's Somali months. */
const SOMALI_MONTHS = ['Jannaayo', 'Febraayo', 'Maarso', 'Abriil', 'Maayo', 'Juun', 'Luulyo', 'Ogosto', 'Sebteembar', 'Oktoobar', 'Noofeembar', 'Diseembar'];

/** The language switch ('English' / 'Soomaali') of the header's top bar, named in the language shown. */
const headerSwitch = (page, name) => page.getByRole('banner').getByRole('group', { name }).first();

journey('18-somali', 'a shopper switches to Somali, shops home → product → cart → checkout in Somali, and back to English', async (t) => {
  const shopper = newShopper('Somali');
  const api = await t.api.as(shopper, { register: true });
  const product = (await t.api.category('women')).find((p) => p.stock > 10 && isOneSize(p));

  const page = await t.open();
  // Every call of the app's api client says which language it shows.
  const languages = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) languages.push(r.headers()['accept-language']);
  });
  await page.goto('/');
  await expectVisible(page.getByRole('heading', { name: 'How it works' }));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

  // The switch: Somali, remembered, <html lang="so">.
  await headerSwitch(page, 'Language').getByRole('button', { name: 'Soomaali' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Sida ay u shaqeyso' }));
  const mainNav = page.getByRole('navigation', { name: 'Liiska ugu weyn' });
  await expectVisible(mainNav.getByRole('link', { name: 'Haween', exact: true }));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'so');
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'so');
  assert.equal(await headerSwitch(page, 'Luqadda').getByRole('button', { name: 'Soomaali' }).getAttribute('aria-pressed'), 'true');
  await t.shot(page, 'home-so');

  // A reload keeps Somali, from the first screen on.
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: 'Sida ay u shaqeyso' }));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'so');

  // Signing in, in Somali.
  await page.getByRole('banner').getByRole('link', { name: 'Soo gal' }).click();
  await expectPath(page, '/login');
  await expectVisible(page.getByRole('heading', { name: 'Ku soo dhowow mar kale' }));
  await page.getByLabel('Iimayl').fill(shopper.email);
  await page.getByLabel('Furaha sirta ah').fill(shopper.password);
  await page.getByRole('button', { name: 'Soo gal' }).click();
  await t.toast(page, 'Si guul leh ayaad u soo gashay');
  await expectPath(page, '/');

  // A product: Somali words, the price as in English.
  await mainNav.getByRole('link', { name: 'Haween', exact: true }).click();
  await expectPath(page, '/category/women');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Dharka haweenka' }));
  await page.getByRole('link', { name: product.name, exact: true }).click();
  await expectPath(page, `/product/${product._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: product.name }));
  await expectText(page.getByTestId('price').first(), dollars(product.price));
  await expectVisible(page.getByRole('button', { name: 'Iibso hadda' }));
  // The shop's real terms (the demo's zones' fees, as the server gives them), in Somali.
  const { deliveryFee } = (await t.api.call('GET', '/api/settings')).terms;
  await expectText(
    page.getByTestId('product-perks').getByRole('listitem').first(),
    `Gaarsiinta ${dollars(deliveryFee.min)} ilaa ${dollars(deliveryFee.max)}`,
  );
  await t.shot(page, 'product-so');
  await page.getByRole('button', { name: 'Ku dar dambiisha', exact: true }).click();
  await t.toast(page, 'Waa lagu daray dambiisha!');

  // The cart.
  await page.getByRole('link', { name: 'Dambiisha, 1 shay' }).click();
  await expectPath(page, '/cart');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Dambiisha wax iibsiga' }));
  await expectVisible(page.getByText('Wadarta hoose (1 shay)'));
  await expectVisible(page.getByRole('button', { name: `Ka saar ${product.name} dambiisha` }));
  await expectText(page.getByTestId('subtotal'), dollars(product.price));
  await t.shot(page, 'cart-so');

  // Checkout and payment.
  await page.getByRole('link', { name: 'U gudub lacag bixinta' }).click();
  await expectPath(page, '/checkout');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Lacag bixinta' }));
  await expectVisible(page.getByText('Lacag bixin ammaan ah', { exact: true }));
  const form = page.getByRole('form', { name: 'Lacag bixinta' });
  assert.equal(await form.getByLabel('Magaca oo buuxa').inputValue(), shopper.name);
  // Hargeisa, a city the demo delivers to as a whole: no district, its zone's fee and time.
  await form.getByLabel('Magaalada').selectOption('Hargeisa');
  await form.getByLabel('Cinwaanka', { exact: true }).fill('Waddada 26 June 4');
  const toHargeisa = await api.cartTo('Hargeisa', '');
  await expectText(page.getByTestId('total'), dollars(toHargeisa.total));
  await expectText(page.getByTestId('delivery-time'), 'Waxaa la keenayaa 2-4 maalmood gudahood');
  const phone = form.getByLabel('Lambarka taleefanka EVC Plus');
  await expectVisible(page.getByText('Geli lambarka taleefankaaga EVC Plus si lacagta loo bixiyo'));
  await phone.fill(APPROVED_PHONE);
  const pay = page.getByRole('button', { name: `Ku bixi ${dollars(toHargeisa.total)} EVC Plus` });
  await t.shot(page, 'checkout-so');
  await pay.click();
  await expectVisible(page.getByRole('button', { name: 'Lacagta waa la bixinayaa...' }));
  await expectVisible(page.getByText('Eeg taleefankaaga'));
  await t.toast(page, 'Dalabka si guul leh ayaa loo gudbiyay! Waa laguu wareejinayaa...');
  await expectPath(page, '/order-success');
  await expectVisible(page.getByRole('heading', { name: 'Lacag bixintu waa guulaysatay!' }));
  await expectVisible(page.getByRole('link', { name: 'Dambiisha, 0 shay' }));
  await t.shot(page, 'order-success-so');

  // The order in the account, its date in Somali ('Noofeembar 24, 2026': CLDR's months, written by
  // the app where the browser's Intl has no Somali, as Chromium has none).
  await page.getByRole('link', { name: 'Eeg dalabaadkayga' }).click();
  await expectPath(page, '/profile?tab=orders');
  await expectVisible(page.getByRole('heading', { name: 'Taariikhda dalabaadka' }));
  const now = new Date();
  const somaliToday = `${SOMALI_MONTHS[now.getUTCMonth()]} ${now.getUTCDate()}, ${now.getUTCFullYear()}`;
  const englishMonth = now.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  const row = page.getByRole('row').filter({ hasText: dollars(toHargeisa.total) });
  await expectVisible(row.filter({ hasText: 'Sugaya' }));
  await eventually(async () => {
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes(somaliToday), `Somali date ${somaliToday} in ${text}`);
    assert.ok(!text.includes(englishMonth), `no English month in ${text}`);
  });
  await t.shot(page, 'orders-so');

  assert.ok(languages.length > 10, `API calls seen: ${languages.length}`);
  assert.deepEqual([...new Set(languages.slice(languages.indexOf('so')))], ['so'], 'every call after the switch says so');

  // Back to English from the mobile menu of a phone.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Fur liiska' }).click();
  const menu = page.locator('#mobile-menu');
  await menu.getByRole('group', { name: 'Luqadda' }).getByRole('button', { name: 'English' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Order History' }));
  await expectVisible(menu.getByRole('link', { name: 'Wishlist', exact: true }));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'en');
  await expectVisible(page.getByRole('row').filter({ hasText: dollars(toHargeisa.total) }).filter({ hasText: 'Pending' }));
  await t.shot(page, 'orders-en');
  const before = languages.length;
  await page.goto('/cart');
  await expectVisible(page.getByRole('heading', { name: 'Your cart is empty' }));
  await eventually(() => assert.ok(languages.length > before));
  assert.deepEqual([...new Set(languages.slice(before))], ['en'], 'calls after switching back say en');
});
