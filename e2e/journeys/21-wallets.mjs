import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { openCheckoutWithAddress } from '../lib/steps.mjs';

/** Sandbox numbers (adapters/payments/src/sandbox.rs): a wallet's prefix, 000000 and 1 is declined. */
const ZAAD_PHONE = '63 444 1234';
const EDAHAB_DECLINED = '252650000001';
const EDAHAB_APPROVED = '65 123 4567';

journey('21-wallets', 'the number typed picks its wallet: ZAAD pays; eDahab is declined, then pays with another number', async (t) => {
  const shopper = newShopper('Wallets');
  const api = await t.api.as(shopper, { register: true });
  // A one-size item no other journey picks (they take the first ones), bought twice.
  const item = (await t.api.category('women')).filter((p) => p.stock > 10 && isOneSize(p)).at(-1);
  let cart = await api.addToCart(item._id, 1);

  const page = await t.open();
  await t.signIn(page, shopper);

  // ZAAD: the number typed picks the wallet, and the texts follow.
  let form = await openCheckoutWithAddress(page);
  const methods = form.getByRole('group', { name: 'Payment method' });
  assert.equal(await methods.getByRole('radio', { name: 'EVC Plus' }).isChecked(), true, 'EVC Plus is the first choice');
  await form.getByLabel('EVC Plus Phone Number').pressSequentially(ZAAD_PHONE);
  await expectVisible(form.getByLabel('ZAAD Phone Number'));
  assert.equal(await methods.getByRole('radio', { name: 'ZAAD' }).isChecked(), true, 'the number picked ZAAD');
  await expectVisible(form.getByText('Enter your ZAAD phone number for payment processing'));
  await t.shot(page, 'zaad-picked');
  await page.getByRole('button', { name: `Pay ${dollars(cart.total)} with ZAAD` }).click();
  await expectVisible(page.getByRole('button', { name: 'Processing Payment...' }));
  await expectVisible(page.getByText('Confirm on your phone with your ZAAD PIN.'));
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  await expectText(page.getByTestId('paid-with'), 'Paid with ZAAD');

  const [zaad] = await api.orders();
  assert.equal(zaad.paymentMethod, 'zaad');
  assert.equal(zaad.paymentStatus, 'paid');
  await page.goto(`/orders/${zaad._id}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expectVisible(payment.getByText('ZAAD', { exact: true }));
  await expectVisible(payment.getByText('Payment paid'));
  await t.shot(page, 'zaad-order');

  // eDahab: a declined number keeps the form; another eDahab number pays.
  cart = await api.addToCart(item._id, 1);
  await page.goto('/');
  form = await openCheckoutWithAddress(page);
  await form.getByLabel('EVC Plus Phone Number').pressSequentially(EDAHAB_DECLINED);
  await expectVisible(form.getByLabel('eDahab Phone Number'));
  const pay = page.getByRole('button', { name: `Pay ${dollars(cart.total)} with eDahab` });
  await pay.click();
  await expectVisible(page.getByRole('button', { name: 'Processing Payment...' }));
  // The sandbox's decline, as the server words it.
  await expectVisible(page.getByRole('region', { name: 'Notifications Alt+T' }).getByRole('alert').filter({ hasText: /^\s*Payment declined/ }));
  await expectPath(page, '/checkout');
  await expectVisible(pay);
  assert.equal(await pay.isEnabled(), true, 'the form stays, ready for another number');
  assert.equal(await form.getByLabel('eDahab Phone Number').inputValue(), EDAHAB_DECLINED);
  assert.equal(await form.getByLabel('City').inputValue(), 'Mogadishu');
  await t.shot(page, 'edahab-declined');

  await form.getByLabel('eDahab Phone Number').fill('');
  await form.getByLabel('eDahab Phone Number').pressSequentially(EDAHAB_APPROVED);
  await pay.click();
  await t.toast(page, 'Order placed successfully! Redirecting...');
  await expectPath(page, '/order-success');
  await expectText(page.getByTestId('paid-with'), 'Paid with eDahab');
  await t.shot(page, 'edahab-paid');

  const paid = (await api.orders()).filter((o) => o.paymentStatus === 'paid');
  assert.deepEqual(
    paid.map((o) => [o.paymentMethod, o.paymentPhone.replace(/\D/g, '').slice(-9)]),
    [
      ['edahab', '651234567'],
      ['zaad', '634441234'],
    ],
  );
  assert.equal((await api.cart()).products.length, 0, 'the cart is empty once paid');
});
