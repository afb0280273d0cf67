import assert from 'node:assert/strict';
import { dollars, isOneSize, newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { fillHodanAddress, openCheckoutWithAddress } from '../lib/steps.mjs';

/** Sandbox numbers (adapters/payments/src/sandbox.rs): a wallet's prefix, 000000 and 1 is declined. */
const ZAAD_PHONE = '63 444 1234';
const EDAHAB_DECLINED = '252650000001';
const EDAHAB_APPROVED = '65 123 4567';
/** A card asks for a Somali mobile number, the one delivery updates go to. */
const CARD_PHONE = '61 555 1234';
const CARD_DECLINED = 'Your card payment was declined. No money was taken.';

/**
 * From the checkout form (its address filled): pay by card, through to the sandbox's card page (served
 * by the shop, not the app), which says it is the sandbox and shows the amount. Answers the order.
 */
async function toSandboxCardPage(page, form, total) {
  await form.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: 'Card' }).check({ force: true });
  await form.getByLabel('Phone number for delivery updates').fill(CARD_PHONE);
  await page.getByRole('button', { name: `Pay ${dollars(total)} by card` }).click();
  await expectPath(page, /^\/sandbox\/card\?order=[0-9a-f-]{36}$/);
  await expectVisible(page.getByText('Sandbox: no real card is charged.'));
  await expectVisible(page.getByRole('heading', { level: 1, name: `Pay ${dollars(total)} by card` }));
  return new URL(page.url()).searchParams.get('order');
}

journey('21-wallets', 'the number typed picks its wallet: ZAAD pays; eDahab is declined, then pays with another number; a card is declined, then approved, on the sandbox card page', async (t) => {
  const shopper = newShopper('Wallets');
  const api = await t.api.as(shopper, { register: true });
  // A one-size item no other journey picks (they take the first ones), bought twice.
  const item = (await t.api.category('women')).filter((p) => p.stock > 10 && isOneSize(p)).at(-1);
  await api.addToCart(item._id, 1);
  // What the cart costs delivered to Hodan, the address every checkout here fills in.
  let cart = await api.cartTo('Mogadishu', 'Hodan');

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
  await api.addToCart(item._id, 1);
  cart = await api.cartTo('Mogadishu', 'Hodan');
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

  // Card: the sandbox's card page declines (the order canceled, the cart kept), then approves.
  await api.addToCart(item._id, 1);
  cart = await api.cartTo('Mogadishu', 'Hodan');
  await page.goto('/');
  form = await openCheckoutWithAddress(page);
  const declined = await toSandboxCardPage(page, form, cart.total);
  await t.shot(page, 'card-sandbox-page');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectPath(page, new RegExp(`^/orders/${declined}\\?payment=failed&reason=`));
  assert.equal(new URL(page.url()).searchParams.get('reason'), CARD_DECLINED);
  const failed = page.getByTestId('payment-failed');
  await expectVisible(failed.getByText('Your payment did not go through'));
  await expectVisible(failed.getByText(CARD_DECLINED, { exact: true }));
  await expectVisible(page.getByRole('link', { name: 'Cart, 1 item' }));
  assert.deepEqual(
    (await api.cart()).products.map((l) => [l.productId._id, l.quantity]),
    [[item._id, 1]],
    'the cart keeps its item after a declined card',
  );
  const canceled = await api.order(declined);
  assert.deepEqual([canceled.paymentMethod, canceled.status, canceled.paymentStatus], ['card', 'canceled', 'failed']);
  await t.shot(page, 'card-declined');

  await failed.getByRole('link', { name: 'Try again' }).click();
  await expectPath(page, '/checkout');
  form = page.getByRole('form', { name: 'Checkout' });
  await fillHodanAddress(form);
  const approved = await toSandboxCardPage(page, form, cart.total);
  assert.notEqual(approved, declined, 'paying again places a new order');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectPath(page, `/order-success?order=${approved}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
  await expectText(page.getByTestId('paid-with'), 'Paid by card');
  await expectVisible(page.getByRole('link', { name: 'Cart, 0 items' }));
  await t.shot(page, 'card-paid');
  const card = await api.order(approved);
  assert.deepEqual([card.paymentMethod, card.paymentStatus], ['card', 'paid']);
  assert.equal((await api.cart()).products.length, 0, 'the cart is empty once the card paid');
});
