import { newShopper } from '../lib/api.mjs';
import { expectHidden, expectPath, expectVisible, journey } from '../lib/harness.mjs';

journey('07-admin-denied', 'a shopper opening /admin is told access is denied and sent home', async (t) => {
  const shopper = newShopper('Curious');
  await t.api.as(shopper, { register: true });
  const page = await t.open();
  await t.signIn(page, shopper);

  // No Admin Dashboard entry for a shopper…
  await page.getByRole('button', { name: `Account menu for ${shopper.name}` }).click();
  await expectVisible(page.getByRole('menuitem', { name: 'Profile' }));
  await expectHidden(page.getByRole('menuitem', { name: 'Admin Dashboard' }));
  await page.keyboard.press('Escape');

  // …and typing the address does not help.
  await page.goto('/admin');
  await t.toast(page, 'Access denied. Admin privileges required.');
  await expectPath(page, '/');
  await expectHidden(page.getByRole('heading', { name: 'Admin Dashboard' }));
  await t.shot(page, 'denied');
});
