import assert from 'node:assert/strict';
import { expectHidden, expectPath, expectVisible, journey, PHONE } from '../lib/harness.mjs';

journey('09-mobile-menu', 'on a 390 px phone the menu opens and navigates', async (t) => {
  const page = await t.open({ viewport: PHONE });
  await page.goto('/');
  // The desktop navigation is hidden on phones.
  await expectHidden(page.getByRole('navigation', { name: 'Main' }));
  const toggle = page.getByRole('button', { name: 'Open menu' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await t.shot(page, 'closed');

  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expectVisible(menu);
  const close = page.getByRole('button', { name: 'Close menu' });
  assert.equal(await close.getAttribute('aria-expanded'), 'true');
  for (const label of ['Women', 'Kids', 'New Arrivals', 'Sale', 'Wishlist', 'Cart']) {
    await expectVisible(menu.getByRole('link', { name: label, exact: true }));
  }
  await t.shot(page, 'open');

  await menu.getByRole('link', { name: 'Kids', exact: true }).click();
  await expectPath(page, '/category/kids');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Kids Collection' }));
  await expectHidden(menu);
  await t.shot(page, 'kids');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Login' }).click();
  await expectPath(page, '/login');
  await expectVisible(page.getByRole('button', { name: 'Sign In' }));
  await t.shot(page, 'login');
});
