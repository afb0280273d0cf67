import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { MAIL_FROM } from '../lib/smtp.mjs';
import { accountMenu } from '../lib/steps.mjs';

/** The server's messages (docs/api.md "Notifications"). */
const CODE_SENT = 'If an account uses this e-mail, we have sent it a code. It is valid for 30 minutes.';
const CODE_WRONG = 'This code is wrong or has expired. Ask for a new code.';
const PASSWORD_RESET = 'Your password has been reset. Please sign in with your new password.';

journey('17-password-reset', 'a shopper who forgot the password gets a code by e-mail and sets a new password with it', async (t) => {
  const shopper = newShopper('Forgetful');
  const newPassword = 'reset-secret-789';

  // A shopper registers and signs out; a session through the API too, which the reset ends.
  const page = await t.open();
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(shopper.name);
  await page.getByLabel('Email Address').fill(shopper.email);
  await page.getByLabel('Phone Number').fill(shopper.phone);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByLabel('Confirm Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await t.toast(page, 'Registered successfully');
  await expectVisible(page.getByRole('button', { name: `Account menu for ${shopper.name}` }));
  const oldSession = await t.api.as(shopper);
  await accountMenu(page, 'Logout');
  await t.toast(page, 'Logged out');
  await expectVisible(page.getByRole('link', { name: 'Login' }));

  // /login → 'Forgot password?' → /forgot-password.
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expectPath(page, /^\/login/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forgot-password');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Reset your password' }));
  const email = page.getByLabel('Email Address');
  assert.equal(await email.inputValue(), '', 'nothing typed on /login, nothing carried over');
  await email.fill(shopper.email);
  await t.shot(page, 'forgot-password');

  // 'Send Code': the server's answer as a toast, and /reset-password for this e-mail.
  await page.getByRole('button', { name: 'Send Code' }).click();
  await t.toast(page, CODE_SENT);
  await expectPath(page, `/reset-password?${new URLSearchParams({ email: shopper.email })}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Choose a new password' }));
  assert.equal(await page.getByLabel('Email Address').inputValue(), shopper.email, 'the e-mail is prefilled');
  await t.shot(page, 'reset-password');

  // The code, from the message the real SMTP server received.
  const mail = await t.mail.waitForMail(shopper.email, /password is \d{6}/);
  assert.equal(mail.from, MAIL_FROM);
  assert.match(mail.subject, /password reset code$/);
  const code = /password is (\d{6})/.exec(mail.text)?.[1];
  assert.ok(code, `a 6-digit code in the plain text:\n${mail.text}`);
  assert.ok(mail.html.includes(code), 'the HTML part carries the code too');
  assert.ok(mail.text.includes(t.url('/reset-password')), `a link to this shop's /reset-password:\n${mail.text}`);
  const wrongCode = code === '000000' ? '111111' : '000000';

  // A wrong code: the server's refusal in the banner; the page stays.
  const codeField = page.getByLabel('Code', { exact: true });
  await codeField.fill(wrongCode);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expectText(page.getByTestId('reset-password-error'), CODE_WRONG);
  await expectPath(page, /^\/reset-password\?/);
  await t.shot(page, 'wrong-code');

  // The mailed code: the toast, and /login.
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await t.toast(page, PASSWORD_RESET);
  await expectPath(page, '/login');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
  await t.shot(page, 'reset-done');

  // The session from before the reset has ended.
  await assert.rejects(oldSession.call('GET', '/api/auth/me'), /401/);

  // The old password fails, the new one signs in.
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectText(page.getByTestId('login-error'), 'Invalid email or password');
  await t.shot(page, 'old-password');
  await t.signIn(page, { ...shopper, password: newPassword });
  await expectVisible(page.getByRole('button', { name: `Account menu for ${shopper.name}` }));
  await t.shot(page, 'signed-in');
});
