// Steps several journeys share.
import assert from 'node:assert/strict';
import { newShopper } from './api.mjs';
import { expectPath, expectVisible } from './harness.mjs';

/** Sandbox numbers (adapters/payments/src/sandbox.rs): any other valid number is approved. */
export const APPROVED_PHONE = '615123456';
export const DECLINED_PHONE = '252610000001';
export const DECLINED_MESSAGE = 'Payment declined: insufficient EVC Plus balance.';

/** Opens the account menu in the header and picks `item` (Profile, Admin Dashboard, Logout). */
export async function accountMenu(page, item) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Chooses Hodan, Mogadishu (one of the demo's delivery zones) and types the address line. */
export async function fillHodanAddress(form) {
  await form.getByLabel('City').selectOption('Mogadishu');
  await form.getByLabel('District').selectOption('Hodan');
  await form.getByLabel('Address Line').fill('Maka Al Mukarama Road 12');
}

/** From anywhere: header cart link, then Proceed to Checkout; fills the delivery address. */
export async function openCheckoutWithAddress(page) {
  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  await expectPath(page, '/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expectPath(page, '/checkout');
  await expectVisible(page.getByText('Secure Checkout'));
  const form = page.getByRole('form', { name: 'Checkout' });
  await fillHodanAddress(form);
  return form;
}

/**
 * An account the admin makes with `role` (issue 42) through the API, as the Users screen does;
 * its owner then replaces the temporary password, as they would when first signing in.
 */
export async function staffMember(t, adminApi, label, role) {
  const who = { ...newShopper(label), name: `${label} Staff` };
  const { user, temporaryPassword } = await adminApi.createUser({ name: who.name, email: who.email, phone: who.phone, role });
  assert.equal(user.role, role);
  const first = await t.api.as({ email: who.email, password: temporaryPassword });
  await first.updateUser(user._id, { name: who.name, email: who.email, phone: who.phone, currentPassword: temporaryPassword, password: who.password });
  return who;
}
