// Steps several journeys share.
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

/** From anywhere: header cart link, then Proceed to Checkout; fills the delivery address. */
export async function openCheckoutWithAddress(page) {
  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  await expectPath(page, '/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expectPath(page, '/checkout');
  await expectVisible(page.getByText('Secure Checkout'));
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('City').fill('Mogadishu');
  await form.getByLabel('District').fill('Hodan');
  await form.getByLabel('Address Line').fill('Maka Al Mukarama Road 12');
  return form;
}
