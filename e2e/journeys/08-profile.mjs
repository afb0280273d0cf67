import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { accountMenu } from '../lib/steps.mjs';

/** The value beside a label in the profile's details list. */
const detail = (page, label) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

journey('08-profile', 'a shopper renames themselves, changes the password and signs in with it', async (t) => {
  const shopper = newShopper('Profile');
  await t.api.as(shopper, { register: true });
  const newName = 'Hodan Warsame';
  const newPassword = 'fresh-secret-456';

  const page = await t.open();
  await t.signIn(page, shopper);
  await accountMenu(page, 'Profile');
  await expectPath(page, '/profile');
  await expectVisible(page.getByRole('heading', { name: 'Profile Information' }));
  await expectText(detail(page, 'Full name'), shopper.name);
  await expectText(detail(page, 'Email address'), shopper.email);
  await expectText(detail(page, 'Account type'), 'Customer');
  await t.shot(page, 'profile');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full Name').fill(newName);
  await page.getByLabel('Current Password').fill(shopper.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  // A mismatch is caught before anything is sent.
  await page.getByLabel('Confirm New Password').fill('something-else');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectVisible(page.getByText('Passwords do not match'));
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await t.shot(page, 'edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await t.toast(page, 'Profile updated successfully');
  await expectText(detail(page, 'Full name'), newName);
  await expectVisible(page.getByRole('button', { name: `Account menu for ${newName}` }));
  await t.shot(page, 'saved');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await t.toast(page, 'Logged out');
  await expectPath(page, '/');
  await expectVisible(page.getByRole('link', { name: 'Login' }));

  // The old password no longer works, the new one does.
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectText(page.getByTestId('login-error'), 'Invalid email or password');
  await t.shot(page, 'old-password');
  await t.signIn(page, { ...shopper, password: newPassword });
  await expectVisible(page.getByRole('button', { name: `Account menu for ${newName}` }));
  const api = await t.api.as({ ...shopper, password: newPassword });
  assert.equal(api.user.name, newName);
});
