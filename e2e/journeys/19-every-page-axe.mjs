import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { expectHidden, expectPath, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';

// Every `t.shot` runs axe-core at 1280 and 390 px (harness.mjs). The other journeys visit most
// screens; this one shows the rest once each, so every storefront and back-office page is
// checked: the new arrivals, the information pages, the not-found pages (an unknown path and an
// unknown category), an empty cart and wishlist, and the admin's users, reports, discounts,
// notifications, settings, payments and reconciliation pages and its own not-found page.
journey('19-every-page-axe', 'the pages no other journey shows, each checked by axe at both widths', async (t) => {
  const page = await t.open();
  const heading = (name) => page.getByRole('heading', { level: 1, name, exact: true });

  await page.goto('/new-arrivals');
  await expectVisible(heading('New Arrivals'));
  await expectVisible(page.getByRole('article').first());
  await t.shot(page, 'new-arrivals');

  for (const [path, title] of [
    ['/delivery', 'Delivery'],
    ['/returns', 'Returns'],
    ['/contact', 'Contact'],
  ]) {
    await page.goto(path);
    await expectVisible(heading(title));
    await t.shot(page, path.slice(1));
  }

  await page.goto('/no-such-page');
  await expectVisible(page.getByRole('heading', { name: 'Page not found' }));
  await expectVisible(page.getByRole('link', { name: 'Continue Shopping' }));
  await t.shot(page, 'not-found');

  // An unknown category is not an empty collection but the not-found page; a known one in
  // capitals is still its collection.
  await page.goto('/category/nonsense');
  await expectVisible(page.getByRole('heading', { name: 'Page not found' }));
  await expectVisible(page.getByText('The page you are looking for does not exist.'));
  assert.equal(await page.getByRole('heading', { name: 'Nonsense Collection' }).count(), 0);
  assert.equal(await page.getByText('No Products Found').count(), 0);
  await expectPath(page, '/category/nonsense');
  await t.shot(page, 'unknown-category');
  await page.goto('/category/KIDS');
  await expectVisible(heading('Kids Collection'));
  await expectHidden(page.getByRole('heading', { name: 'Page not found' }));

  // A new shopper's empty cart and wishlist.
  const shopper = newShopper('Axe');
  await t.api.as(shopper, { register: true });
  await t.signIn(page, shopper);
  await page.goto('/cart');
  await expectVisible(page.getByRole('heading', { name: 'Your cart is empty' }));
  await t.shot(page, 'empty-cart');
  await page.goto('/wishlist');
  await expectVisible(page.getByRole('heading', { name: 'Your wishlist is empty' }));
  await t.shot(page, 'empty-wishlist');

  // The back office: the pages the other journeys do not show on this shop.
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  const adminHeading = (name) => admin.getByRole('heading', { level: 1, name, exact: true });
  // Found by its e-mail: the shop's accounts (the journeys' shoppers, the demo's) fill more than a page.
  await admin.goto(`/admin/users?q=${encodeURIComponent(shopper.email)}`);
  await expectVisible(adminHeading('Users'));
  await expectVisible(admin.getByRole('row').filter({ hasText: shopper.email }));
  await t.shot(admin, 'admin-users');

  await admin.goto('/admin/reports');
  await expectVisible(adminHeading('Reports'));
  await expectVisible(admin.getByRole('figure', { name: 'Revenue per day' }));
  await t.shot(admin, 'admin-reports');

  const adminApi = await t.api.asAdmin();
  await adminApi.createDiscount({ code: `AXE${Date.now().toString(36).toUpperCase()}`, kind: 'percent', value: 10 });
  await admin.goto('/admin/discounts');
  await expectVisible(adminHeading('Discounts'));
  await expectVisible(admin.getByRole('row').nth(1));
  await t.shot(admin, 'admin-discounts');

  await admin.goto('/admin/notifications');
  await expectVisible(adminHeading('Notifications'));
  await t.shot(admin, 'admin-notifications');

  await admin.goto('/admin/settings');
  await expectVisible(adminHeading('Settings'));
  await expectVisible(admin.getByRole('heading', { level: 2, name: 'Shop settings' }));
  await t.shot(admin, 'admin-settings');

  await admin.goto('/admin/returns');
  await expectVisible(adminHeading('Returns'));
  await t.shot(admin, 'admin-returns');

  await admin.goto('/admin/reviews');
  await expectVisible(adminHeading('Reviews'));
  await t.shot(admin, 'admin-reviews');

  // Delivering (issue 43): the demo's zones, orders waiting for a rider, the riders' cash.
  await admin.goto('/admin/delivery');
  await expectVisible(adminHeading('Delivery zones'));
  await expectVisible(admin.getByRole('table', { name: 'Delivery zones' }));
  await t.shot(admin, 'admin-delivery-zones');
  await admin.goto('/admin/deliveries');
  await expectVisible(adminHeading('Deliveries'));
  await t.shot(admin, 'admin-deliveries');
  await admin.goto('/admin/riders-cash');
  await expectVisible(adminHeading("Riders' cash"));
  await t.shot(admin, 'admin-riders-cash');

  // Payment attempts (issue 61): the journeys' checkouts, each charge with its state.
  await admin.goto('/admin/payments');
  await expectVisible(adminHeading('Payments'));
  await expectVisible(admin.getByRole('row').nth(1));
  await t.shot(admin, 'admin-payments');
  // Its day's reconciliation, from its link: today's cards per provider (the journeys'
  // payments), or the empty day when this journey runs alone.
  await admin.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await expectVisible(adminHeading('Reconciliation'));
  await expectPath(admin, '/admin/payments/reconciliation');
  await expectVisible(admin.getByLabel('Day', { exact: true }));
  await expectVisible(admin.getByRole('button', { name: 'Download CSV' }));
  await expectVisible(admin.getByTestId('reconciliation-provider').or(admin.getByRole('heading', { name: 'No payments that day' })));
  await t.shot(admin, 'admin-reconciliation');

  await admin.goto('/admin/nonsense');
  await expectVisible(admin.getByRole('heading', { name: 'Page not found' }));
  await expectVisible(admin.getByText('This admin page does not exist.'));
  await t.shot(admin, 'admin-not-found');
});
