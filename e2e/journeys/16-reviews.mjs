import assert from 'node:assert/strict';
import { newShopper } from '../lib/api.mjs';
import { eventually, expectHidden, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';
import { ADMIN } from '../lib/server.mjs';
import { accountMenu, APPROVED_PHONE } from '../lib/steps.mjs';

/** The server's reason for a shopper who has not received the product (docs/api.md "Reviews"). */
const NOT_A_BUYER = 'Only shoppers who have received this product can review it';
const RATING_INVALID = 'Rating must be a whole number from 1 to 5';

/** The product page's rating summary: its bars as they are read out, 5 stars first ('4 stars: 1 review'). */
async function bars(summary) {
  const texts = await summary.getByRole('list', { name: 'Reviews by rating' }).getByRole('listitem').allTextContents();
  return texts.map((s) => s.replace(/\s+/g, ' ').trim());
}

/** Waits until the summary shows `rating` (one decimal) over one review, that review's `stars` bar at 1 and the others at 0. */
async function expectSummary(summary, rating, stars) {
  await expectVisible(summary.getByRole('img', { name: `Rated ${rating.toFixed(1)} out of 5, 1 review`, exact: true }));
  await expectVisible(summary.getByText(rating.toFixed(1), { exact: true }));
  await expectVisible(summary.getByText('Based on 1 review by verified buyers', { exact: true }));
  await eventually(async () =>
    assert.deepEqual(
      await bars(summary),
      [5, 4, 3, 2, 1].map((n) => `${n} ${n === 1 ? 'star' : 'stars'}: ${n === stars ? '1 review' : '0 reviews'}`),
    ),
  );
}

/** The product's rating and review count as the catalogue serves them, and its public reviews. */
async function published(api, productId) {
  const product = await api.product(productId);
  const list = await api.list(`/api/products/${productId}/reviews?sort=newest&page=1&limit=20`);
  return { rating: product.rating, reviews: product.reviews, listed: list.rows, total: list.total };
}

journey('16-reviews', 'a shopper reviews a delivered product from the order page; an admin hides the review and shows it again', async (t) => {
  // A product of the admin's own, so its rating starts at none and its reviews are the journey's alone.
  const adminApi = await t.api.asAdmin();
  const stamp = Date.now().toString(36);
  const made = await adminApi.createProduct({
    name: `E2E Reviewed Silk Scarf ${stamp}`,
    category: 'women',
    description: 'A silk scarf made by the end-to-end tests, bought, delivered and reviewed.',
    price: 18,
    discount: 0,
    tags: 'e2e, scarf',
    stock: 10,
  });
  assert.equal(made.rating, 0);
  assert.equal(made.reviews, 0);

  // The shopper buys one with an approved number; the admin ships it (not delivered yet).
  const shopper = newShopper('Reviewer');
  const api = await t.api.as(shopper, { register: true });
  await api.addToCart(made._id, 1);
  const address = { fullName: shopper.name, phone: shopper.phone, city: 'Mogadishu', district: 'Hodan', addressLine: 'Maka Al Mukarama Road 12' };
  const { order: placed } = await api.checkout(APPROVED_PHONE, address);
  assert.equal(placed.paymentStatus, 'paid');
  await adminApi.setOrderStatus(placed._id, 'shipped');
  const orderId = placed._id;

  // The product's card in its category: no stars while nobody has reviewed it.
  const page = await t.open();
  await t.signIn(page, shopper);
  await page.goto('/category/women');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: made.name, exact: true }) });
  await expectVisible(card);
  assert.equal(await card.getByRole('img', { name: /^Rated / }).count(), 0, 'no stars on the card of a product without reviews');
  await card.scrollIntoViewIfNeeded();
  await t.shot(page, 'card-without-rating');

  // Its page: 'No reviews yet', and the server's reason why this shopper cannot review it yet.
  await card.getByRole('link', { name: made.name, exact: true }).click();
  await expectPath(page, `/product/${made._id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: made.name }));
  const reviewsSection = page.getByRole('region', { name: 'Customer reviews' });
  const summary = reviewsSection.getByTestId('rating-summary');
  await expectVisible(page.getByRole('link', { name: 'No reviews yet', exact: true }));
  await expectVisible(summary.getByText('No reviews yet', { exact: true }));
  const write = page.locator('#write-review');
  await expectVisible(write.getByRole('heading', { name: 'Write a review', exact: true }));
  await expectText(write.getByTestId('review-refusal'), NOT_A_BUYER);
  await expectHidden(page.getByRole('form', { name: 'Write a review' }));
  await write.scrollIntoViewIfNeeded();
  await t.shot(page, 'not-received-yet');

  // The admin delivers it; the shopper's order page has 'Review' next to the line.
  const delivered = await adminApi.setOrderStatus(orderId, 'delivered');
  assert.equal(delivered.status, 'delivered');
  assert.deepEqual(
    await api.call('GET', `/api/products/${made._id}/reviews/mine`),
    { canReview: true, reason: null, review: null },
  );
  await page.goto(`/orders/${orderId}`);
  await expectText(page.getByTestId('order-status'), 'Delivered');
  const items = page.getByRole('region', { name: 'Items' });
  const reviewLink = items.getByRole('link', { name: `Review ${made.name}`, exact: true });
  await expectVisible(reviewLink);
  await t.shot(page, 'delivered-order');

  // 'Review' lands on the product's form: #write-review, its heading takes the focus.
  await reviewLink.click();
  await expectPath(page, `/product/${made._id}`);
  assert.equal(new URL(page.url()).hash, '#write-review');
  const form = page.getByRole('form', { name: 'Write a review' });
  await expectVisible(form);
  await eventually(async () =>
    assert.deepEqual(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent]), ['H3', 'Write a review']),
  );
  await eventually(async () => assert.ok(await write.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight), '#write-review is on screen'));
  await t.shot(page, 'review-form');

  // A title and a text with markup in it, but no stars: the rating's message, nothing sent.
  const title = `Graceful drape ${stamp}`;
  const body = 'Soft silk and the colour is as pictured. <b>bold</b><script>window.__xss=1</script>';
  await form.getByLabel('Title (optional)').fill(title);
  await form.getByRole('textbox', { name: 'Your review', exact: true }).fill(body);
  await form.getByRole('button', { name: 'Submit review' }).click();
  const ratingGroup = form.getByRole('group', { name: 'Your rating' });
  await expectVisible(ratingGroup.getByText(RATING_INVALID, { exact: true }));
  // The focus is on the stars: the first one, none chosen.
  const star = (n) => ratingGroup.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}`, exact: true });
  await eventually(async () => assert.equal(await star(1).evaluate((el) => el === document.activeElement), true, '1 star has the focus'));
  assert.equal(await star(1).isChecked(), false);
  assert.equal((await api.call('GET', `/api/products/${made._id}/reviews/mine`)).review, null, 'nothing was sent');
  await t.shot(page, 'rating-missing');

  // Four stars by keyboard: the arrow keys move through the radio group and choose.
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await eventually(async () => assert.equal(await star(4).isChecked(), true, '4 stars chosen'));
  await expectHidden(ratingGroup.getByText(RATING_INVALID, { exact: true }));
  await form.getByRole('button', { name: 'Submit review' }).click();
  await t.toast(page, 'Thank you for your review');

  // The review in the list: its text as text (the markup shown, not drawn or run).
  const list = reviewsSection.getByRole('list', { name: 'Reviews', exact: true });
  const review = list.getByRole('article');
  await expectVisible(review);
  assert.equal(await review.count(), 1);
  await expectVisible(review.getByRole('img', { name: 'Rated 4 out of 5 stars', exact: true }));
  await expectVisible(review.getByRole('heading', { name: title, exact: true }));
  await expectVisible(review.getByText('Reviewer S.', { exact: true }));
  await expectVisible(review.getByText('Verified purchase', { exact: true }));
  const shownBody = review.getByText(body, { exact: true });
  await expectVisible(shownBody);
  assert.ok((await shownBody.innerText()).includes('<b>bold</b>'), 'the body shows <b>bold</b> literally');
  assert.equal(await review.locator('b, script').count(), 0, 'no <b> or <script> element in the review');
  assert.equal(await page.evaluate(() => typeof window.__xss), 'undefined', 'the script in the body did not run');
  await expectText(reviewsSection.getByRole('status').filter({ hasText: /^Showing / }), 'Showing 1 of 1 reviews');
  await expectSummary(summary, 4, 4);
  await expectVisible(page.getByRole('link', { name: 'Rated 4.0 out of 5, 1 review' }));
  // The section from its heading: the summary beside the list (the sticky header hides a review scrolled just into view).
  const showReviews = () => reviewsSection.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await showReviews();
  await t.shot(page, 'review-posted');

  let now = await published(t.api, made._id);
  assert.equal(now.rating, 4);
  assert.equal(now.reviews, 1);
  assert.equal(now.total, 1);
  assert.deepEqual(
    [now.listed[0].rating, now.listed[0].title, now.listed[0].body, now.listed[0].author, now.listed[0].verifiedPurchase],
    [4, title, body, 'Reviewer S.', true],
  );
  const reviewId = now.listed[0]._id;

  // The form is now theirs, prefilled: five stars by keyboard and 'Update review'.
  const edit = page.getByRole('form', { name: 'Edit your review' });
  await expectVisible(edit);
  await expectVisible(write.getByRole('heading', { name: 'Your review', exact: true }));
  const editStar = (n) => edit.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: `${n} stars`, exact: true });
  assert.equal(await editStar(4).isChecked(), true);
  assert.equal(await edit.getByLabel('Title (optional)').inputValue(), title);
  assert.equal(await edit.getByRole('textbox', { name: 'Your review', exact: true }).inputValue(), body);
  await editStar(4).focus();
  await page.keyboard.press('ArrowRight');
  await eventually(async () => assert.equal(await editStar(5).isChecked(), true, '5 stars chosen'));
  await edit.getByRole('button', { name: 'Update review' }).click();
  await t.toast(page, 'Your review was updated');
  await expectSummary(summary, 5, 5);
  await expectVisible(review.getByRole('img', { name: 'Rated 5 out of 5 stars', exact: true }));
  assert.equal(await review.count(), 1, 'still one review: the update replaced it');
  await showReviews();
  await t.shot(page, 'review-updated');

  now = await published(t.api, made._id);
  assert.deepEqual([now.rating, now.reviews, now.total], [5, 1, 1]);
  assert.equal(now.listed[0]._id, reviewId, 'the review kept its id');

  // The admin: Reviews, found by a word of its title.
  const admin = await t.open({ name: 'admin' });
  await t.signIn(admin, ADMIN);
  await accountMenu(admin, 'Admin Dashboard');
  await expectPath(admin, '/admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
  await expectPath(admin, '/admin/reviews');
  await expectVisible(admin.getByRole('heading', { level: 1, name: 'Reviews' }));
  await admin.getByRole('searchbox', { name: 'Search reviews' }).fill(stamp);
  await expectPath(admin, `/admin/reviews?q=${stamp}`);
  const rows = admin.getByTestId('review-row');
  const row = rows.filter({ hasText: title });
  await expectVisible(row);
  await eventually(async () => assert.equal(await rows.count(), 1, 'only the journey\'s review matches'));
  await expectVisible(row.getByRole('link', { name: made.name, exact: true }));
  await expectVisible(row.getByRole('cell').filter({ hasText: /^\s*Reviewer S\.\s*Verified purchase\s*$/ }));
  await expectVisible(row.getByRole('cell', { name: '5 out of 5 stars', exact: true }));
  await expectVisible(row.getByText(body, { exact: true }));
  assert.equal(await row.locator('b, script').count(), 0, 'the admin sees the markup as text too');
  await expectText(row.getByTestId('review-status'), 'Shown');
  await t.shot(admin, 'admin-reviews');

  // Hide: the product has no visible review left.
  await row.getByRole('button', { name: 'Hide the review by Reviewer S.', exact: true }).click();
  await t.toast(admin, 'Review hidden');
  await expectText(row.getByTestId('review-status'), 'Hidden');
  await expectVisible(row.getByRole('button', { name: 'Unhide the review by Reviewer S.', exact: true }));
  await t.shot(admin, 'review-hidden');
  now = await published(t.api, made._id);
  assert.deepEqual([now.rating, now.reviews, now.total, now.listed], [0, 0, 0, []]);
  assert.deepEqual(await t.api.call('GET', `/api/products/${made._id}/reviews/summary`), { rating: 0, reviews: 0, stars: [0, 0, 0, 0, 0] });
  assert.equal((await api.call('GET', `/api/products/${made._id}/reviews/mine`)).review.hidden, true);

  // The shopper's page after a reload: no reviews, and a note that the shop hid theirs.
  await page.reload();
  await expectVisible(summary.getByText('No reviews yet', { exact: true }));
  await expectVisible(write.getByText('The shop has hidden your review: other shoppers do not see it.', { exact: true }));
  await expectHidden(list);
  await write.scrollIntoViewIfNeeded();
  await t.shot(page, 'shopper-review-hidden');

  // Unhide: five stars and one review again.
  await row.getByRole('button', { name: 'Unhide the review by Reviewer S.', exact: true }).click();
  await t.toast(admin, 'Review shown');
  await expectText(row.getByTestId('review-status'), 'Shown');
  now = await published(t.api, made._id);
  assert.deepEqual([now.rating, now.reviews, now.total], [5, 1, 1]);
  assert.equal(now.listed[0]._id, reviewId);

  await page.reload();
  await expectSummary(summary, 5, 5);
  await expectVisible(review.getByText(body, { exact: true }));
  await showReviews();
  await t.shot(page, 'review-shown-again');
  await page.goto('/category/women');
  await expectVisible(card.getByRole('img', { name: 'Rated 5.0 out of 5', exact: true }));
  await card.scrollIntoViewIfNeeded();
  await t.shot(page, 'card-with-rating');
});
