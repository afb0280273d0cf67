/** A product's reviews on its page: the summary, the list (sort, pages), 'Write a review' in every state, and the header's rating. */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewProblems, reviewRequest } from '@/lib/reviews';
import type { MyReview, Product, Review, ReviewSummary } from '@/lib/types';
import { axeViolations } from '@/testing/axe';
import { emptyReviewSummary, makeProduct, makeReview } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor, within } from '@/testing/test-utils';

beforeAll(async () => {
  await import('../components/ProductPage');
  await import('../components/reviews/ReviewsSection');
});

const PRODUCT_ID = '0193a2b4-5c6d-7000-8000-00000000p001';
const product = (overrides: Partial<Product> = {}) =>
  makeProduct({ _id: PRODUCT_ID, name: 'Linen Wrap Dress', rating: 4.3, reviews: 12, ...overrides });

/** Twelve reviews, newest first: rating (i % 5) + 1. */
const twelve: Review[] = Array.from({ length: 12 }, (_, i) =>
  makeReview({ _id: `rv${i + 1}`, rating: (i % 5) + 1, title: `Review ${i + 1}`, body: `Body of review ${i + 1}`, author: `Shopper ${i + 1}.` }),
);
const summaryOf12: ReviewSummary = { rating: 4.3, reviews: 12, stars: [1, 0, 2, 4, 5] };

interface Served {
  /** The query of every list request, in order. */
  lists: URLSearchParams[];
  summaries: () => number;
  posts: { body: unknown }[];
  deletes: string[];
}

/**
 * The product and its review calls. The list answers the page asked for (the server's order is
 * the rows' order; 'highest' and 'lowest' sort them by rating), the total in `X-Total-Count`.
 */
function serveProduct({
  p = product(),
  reviews = twelve,
  summary = summaryOf12,
  mine = { canReview: true, reason: null, review: null },
  post = () => HttpResponse.json(makeReview({ _id: 'new' }), { status: 201 }),
}: {
  p?: Product;
  reviews?: Review[];
  summary?: ReviewSummary;
  mine?: MyReview;
  post?: (body: unknown) => Response;
} = {}): Served {
  const served: Served = { lists: [], summaries: () => summaries, posts: [], deletes: [] };
  let summaries = 0;
  // What the server holds of the shopper's own review: a post or a delete changes it.
  let current = mine;
  server.use(
    http.get('/api/products/:id', () => HttpResponse.json(p)),
    http.get('/api/products/:id/reviews', ({ request }) => {
      const q = new URL(request.url).searchParams;
      served.lists.push(q);
      const sort = q.get('sort');
      const sorted =
        sort === 'highest' ? [...reviews].sort((a, b) => b.rating - a.rating) : sort === 'lowest' ? [...reviews].sort((a, b) => a.rating - b.rating) : reviews;
      const limit = Number(q.get('limit'));
      const from = (Number(q.get('page')) - 1) * limit;
      return HttpResponse.json(sorted.slice(from, from + limit), { headers: { 'X-Total-Count': String(reviews.length) } });
    }),
    http.get('/api/products/:id/reviews/summary', () => {
      summaries += 1;
      return HttpResponse.json(summary);
    }),
    http.get('/api/products/:id/reviews/mine', () => HttpResponse.json(current)),
    http.post('/api/products/:id/reviews', async ({ request }) => {
      const body = await request.json();
      served.posts.push({ body });
      const reply = post(body);
      if (reply.ok) current = { ...current, review: (await reply.clone().json()) as Review };
      return reply;
    }),
    http.delete('/api/products/:id/reviews/:reviewId', ({ params }) => {
      served.deletes.push(String(params.reviewId));
      current = { ...current, review: null };
      return HttpResponse.json({ message: 'Review deleted' });
    }),
  );
  return served;
}

const section = () => within(screen.getByRole('region', { name: 'Customer reviews' }));
const writeBlock = () => within(document.getElementById('write-review') as HTMLElement);
const reviewTitles = () => section().getAllByTestId('review').map((r) => within(r).queryByRole('heading')?.textContent ?? '');

async function openProduct(options: Parameters<typeof serveProduct>[0] & { signedIn?: boolean; path?: string } = {}) {
  const served = serveProduct(options);
  const utils = renderApp(options.path ?? `/product/${PRODUCT_ID}`, { user: options.signedIn === false ? undefined : true });
  await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' });
  await screen.findByTestId('rating-summary');
  return { ...utils, served };
}

describe('rating on the product page and cards', () => {
  it('shows the stars with the review count, linked to the reviews', async () => {
    await openProduct({ signedIn: false });
    const link = screen.getByRole('link', { name: 'Rated 4.3 out of 5, 12 reviews' });
    expect(link).toHaveAttribute('href', '#reviews');
    expect(screen.getByRole('region', { name: 'Customer reviews' })).toHaveAttribute('id', 'reviews');
  });

  it("shows 'No reviews yet' and no stars for a product nobody reviewed", async () => {
    await openProduct({ p: product({ rating: 0, reviews: 0 }), reviews: [], summary: emptyReviewSummary, signedIn: false });
    const details = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(details).getByRole('link', { name: 'No reviews yet' })).toHaveAttribute('href', '#reviews');
    expect(within(details).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(section().getByTestId('rating-summary')).toHaveTextContent('No reviews yet');
    expect(section().queryByRole('list', { name: 'Reviews by rating' })).not.toBeInTheDocument();
    expect(section().queryByRole('list', { name: 'Reviews' })).not.toBeInTheDocument();
  });

  it('cards show no stars for a product with no reviews', async () => {
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json([
          makeProduct({ name: 'Rated Dress', rating: 4.4, reviews: 3 }),
          makeProduct({ name: 'New Dress', rating: 0, reviews: 0 }),
        ]),
      ),
    );
    renderApp('/category');
    const card = (name: string) => (screen.getByRole('link', { name }).closest('article') as HTMLElement);
    await screen.findByRole('link', { name: 'New Dress' });
    expect(within(card('Rated Dress')).getByRole('img', { name: 'Rated 4.4 out of 5' })).toBeInTheDocument();
    expect(within(card('New Dress')).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });
});

describe('rating summary', () => {
  it('shows the average with stars, the count, and a bar per star from 5 to 1 with its count', async () => {
    await openProduct({ signedIn: false });
    const summary = within(section().getByTestId('rating-summary'));
    expect(summary.getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' })).toBeInTheDocument();
    expect(summary.getByText('Based on 12 reviews by verified buyers')).toBeInTheDocument();
    const bars = within(summary.getByRole('list', { name: 'Reviews by rating' })).getAllByRole('listitem');
    expect(bars.map((b) => b.textContent)).toEqual([
      '5 stars: 5 reviews',
      '4 stars: 4 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
  });
});

describe('reviews list', () => {
  it('asks for the newest first, 5 at a time, and shows more on request with the focus on the first new one', async () => {
    const { user, served } = await openProduct({ signedIn: false });
    await waitFor(() => expect(reviewTitles()).toEqual(['Review 1', 'Review 2', 'Review 3', 'Review 4', 'Review 5']));
    expect(Object.fromEntries(served.lists[0])).toEqual({ page: '1', limit: '5', sort: 'newest' });
    expect(section().getByText('Showing 5 of 12 reviews')).toBeInTheDocument();

    await user.click(section().getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(reviewTitles()).toHaveLength(10));
    expect(Object.fromEntries(served.lists.at(-1) ?? [])).toEqual({ page: '2', limit: '5', sort: 'newest' });
    expect(section().getAllByTestId('review')[5]).toHaveFocus();

    await user.click(section().getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(reviewTitles()).toHaveLength(12));
    expect(section().getByText('Showing 12 of 12 reviews')).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('sorts by highest and lowest rating through the server, from page 1', async () => {
    const { user, served } = await openProduct({ signedIn: false });
    await waitFor(() => expect(reviewTitles()).toHaveLength(5));
    const sort = section().getByRole('combobox', { name: 'Sort reviews' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest', 'Highest rating', 'Lowest rating']);

    await user.selectOptions(sort, 'Highest rating');
    await waitFor(() => expect(Object.fromEntries(served.lists.at(-1) ?? [])).toEqual({ page: '1', limit: '5', sort: 'highest' }));
    await waitFor(() => expect(section().getAllByRole('img', { name: /^Rated \d out of 5 stars$/ })[0]).toHaveAccessibleName('Rated 5 out of 5 stars'));
    expect(sort).toHaveFocus();

    await user.selectOptions(sort, 'Lowest rating');
    await waitFor(() => expect(Object.fromEntries(served.lists.at(-1) ?? [])).toEqual({ page: '1', limit: '5', sort: 'lowest' }));
    await waitFor(() => expect(section().getAllByRole('img', { name: /^Rated \d out of 5 stars$/ })[0]).toHaveAccessibleName('Rated 1 out of 5 stars'));
  });

  it('shows each review: stars, title, author, verified purchase, date and text', async () => {
    const one = makeReview({ rating: 4, title: 'Runs small', body: 'Order a size up.\nLovely colour though.', author: 'Hodan A.', createdAt: '2026-11-10T09:00:00Z' });
    await openProduct({ reviews: [one], summary: { rating: 4, reviews: 1, stars: [0, 0, 0, 1, 0] }, signedIn: false });
    const review = within(await section().findByTestId('review'));
    expect(review.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeInTheDocument();
    expect(review.getByRole('heading', { name: 'Runs small' })).toBeInTheDocument();
    expect(review.getByText('Hodan A.')).toBeInTheDocument();
    expect(review.getByText('Verified purchase')).toBeInTheDocument();
    expect(review.getByText('November 10, 2026')).toHaveAttribute('datetime', '2026-11-10T09:00:00Z');
    expect(review.getByText(/Order a size up\./)).toHaveTextContent('Order a size up. Lovely colour though.');
    // one review: nothing to sort
    expect(section().queryByRole('combobox', { name: 'Sort reviews' })).not.toBeInTheDocument();
  });

  it('shows review text as text, never as HTML', async () => {
    const markup = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    const evil = makeReview({ title: '<b>bold</b>', body: markup, author: '<i>Eve</i>' });
    await openProduct({ reviews: [evil], summary: { rating: 5, reviews: 1, stars: [0, 0, 0, 0, 1] }, signedIn: false });
    const item = await section().findByTestId('review');
    expect(within(item).getByText(markup)).toBeInTheDocument();
    expect(within(item).getByRole('heading', { name: '<b>bold</b>' })).toBeInTheDocument();
    expect(within(item).getByText('<i>Eve</i>')).toBeInTheDocument();
    expect(item.querySelector('img, script, b, i')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('offers Try Again when the reviews cannot be loaded', async () => {
    let fail = true;
    serveProduct();
    server.use(
      http.get('/api/products/:id/reviews', () =>
        fail ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json([twelve[0]], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { user } = renderApp(`/product/${PRODUCT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await section().findByTestId('review')).toBeInTheDocument();
  });
});

describe('write a review', () => {
  it('links a signed-out visitor to sign in, back to the form afterwards', async () => {
    const { user } = await openProduct({ signedIn: false });
    expect(writeBlock().getByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    expect(writeBlock().queryByRole('form')).not.toBeInTheDocument();
    await user.click(writeBlock().getByRole('link', { name: 'Sign in to write a review' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('returnTo')).toBe(`/product/${PRODUCT_ID}#write-review`);
  });

  it("tells a shopper who has not received the product why they cannot review it", async () => {
    await openProduct({ mine: { canReview: false, reason: 'Only shoppers who have received this product can review it', review: null } });
    expect(await writeBlock().findByTestId('review-refusal')).toHaveTextContent('Only shoppers who have received this product can review it');
    expect(writeBlock().queryByRole('form')).not.toBeInTheDocument();
    expect(writeBlock().queryByRole('link', { name: 'Sign in to write a review' })).not.toBeInTheDocument();
  });

  it('lets a buyer rate with the keyboard and sends the review; the rating and reviews are fetched again', async () => {
    const { user, served } = await openProduct();
    const form = within(await writeBlock().findByRole('form', { name: 'Write a review' }));
    const stars = form.getAllByRole('radio');
    expect(stars.map((s) => s.closest('label')?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    // Tab reaches the group, the arrow keys choose
    stars[0].focus();
    await user.keyboard('[ArrowRight][ArrowRight][ArrowRight]');
    expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(form.getByRole('textbox', { name: 'Title (optional)' }), '  Perfect for Eid ');
    await user.type(form.getByRole('textbox', { name: 'Your review' }), 'Soft linen, true to size.');
    const before = served.summaries();
    await user.click(form.getByRole('button', { name: 'Submit review' }));
    await findToast('Thank you for your review');
    expect(served.posts).toEqual([{ body: { rating: 4, title: 'Perfect for Eid', body: 'Soft linen, true to size.' } }]);
    await waitFor(() => expect(served.summaries()).toBeGreaterThan(before));
  });

  it('leaves a blank title out of the request', () => {
    expect(reviewRequest({ rating: 5, title: '   ', body: ' Great ' })).toEqual({ rating: 5, body: 'Great' });
  });

  it("checks the rating and the text before sending, in the server's words", async () => {
    const { user, served } = await openProduct();
    const form = within(await writeBlock().findByRole('form', { name: 'Write a review' }));
    await user.click(form.getByRole('button', { name: 'Submit review' }));
    expect(form.getByText('Rating must be a whole number from 1 to 5')).toBeInTheDocument();
    expect(form.getByText('Please write your review')).toBeInTheDocument();
    expect(form.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(form.getByRole('textbox', { name: 'Your review' })).toHaveAttribute('aria-invalid', 'true');
    expect(served.posts).toHaveLength(0);
    expect(reviewProblems({ rating: 3, title: 'x'.repeat(121), body: 'y'.repeat(5001) })).toEqual({
      title: 'Title must be at most 120 characters',
      body: 'Review must be at most 5000 characters',
    });
  });

  it("shows the server's field messages under their fields", async () => {
    const { user } = await openProduct({
      post: () =>
        HttpResponse.json(
          { message: 'Please check the highlighted fields', errors: { title: 'Title must be at most 120 characters', body: 'Review must be at most 5000 characters' } },
          { status: 400 },
        ),
    });
    const form = within(await writeBlock().findByRole('form', { name: 'Write a review' }));
    await user.click(form.getByRole('radio', { name: '5 stars' }));
    await user.type(form.getByRole('textbox', { name: 'Your review' }), 'Lovely');
    await user.click(form.getByRole('button', { name: 'Submit review' }));
    const title = form.getByRole('textbox', { name: 'Title (optional)' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title must be at most 120 characters'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('textbox', { name: 'Your review' })).toHaveAccessibleDescription(/Review must be at most 5000 characters/);
    await waitFor(() => expect(title).toHaveFocus());
    // editing a field clears its message
    await user.type(title, 'A');
    expect(form.queryByText('Title must be at most 120 characters')).not.toBeInTheDocument();
  });

  it("shows the server's refusal as it words it", async () => {
    const { user } = await openProduct({
      post: () => HttpResponse.json({ message: 'Only shoppers who have received this product can review it' }, { status: 403 }),
    });
    const form = within(await writeBlock().findByRole('form', { name: 'Write a review' }));
    await user.click(form.getByRole('radio', { name: '2 stars' }));
    await user.type(form.getByRole('textbox', { name: 'Your review' }), 'Meh');
    await user.click(form.getByRole('button', { name: 'Submit review' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Only shoppers who have received this product can review it');
  });

  it('prefills the form with the shopper\'s review; sending it again replaces it', async () => {
    const own = makeReview({ _id: 'mine', rating: 3, title: 'Okay', body: 'Fine for the price.' });
    const { user, served } = await openProduct({
      mine: { canReview: true, reason: null, review: own },
      post: (body) => HttpResponse.json({ ...own, ...(body as object) }, { status: 200 }),
    });
    expect(await writeBlock().findByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    const form = within(writeBlock().getByRole('form', { name: 'Edit your review' }));
    expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(form.getByRole('textbox', { name: 'Title (optional)' })).toHaveValue('Okay');
    expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue('Fine for the price.');
    await user.click(form.getByRole('radio', { name: '5 stars' }));
    await user.click(form.getByRole('button', { name: 'Update review' }));
    await findToast('Your review was updated');
    expect(served.posts).toEqual([{ body: { rating: 5, title: 'Okay', body: 'Fine for the price.' } }]);
  });

  it('deletes the shopper\'s review after asking, and offers a blank form again', async () => {
    const own = makeReview({ _id: 'mine', rating: 3, title: 'Okay', body: 'Fine for the price.' });
    const { user, served } = await openProduct({ mine: { canReview: true, reason: null, review: own } });
    const form = within(await writeBlock().findByRole('form', { name: 'Edit your review' }));
    await user.click(form.getByRole('button', { name: 'Delete review' }));
    const ask = within(form.getByRole('group', { name: 'Delete your review?' }));
    await waitFor(() => expect(ask.getByRole('button', { name: 'Yes, delete' })).toHaveFocus());
    await user.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(served.deletes).toEqual([]);
    await user.click(form.getByRole('button', { name: 'Delete review' }));
    await user.click(form.getByRole('button', { name: 'Yes, delete' }));
    await findToast('Review deleted');
    expect(served.deletes).toEqual(['mine']);
    const blank = within(await writeBlock().findByRole('form', { name: 'Write a review' }));
    expect(blank.getByRole('textbox', { name: 'Your review' })).toHaveValue('');
    await waitFor(() => expect(writeBlock().getByRole('heading', { name: 'Write a review' })).toHaveFocus());
  });

  it('tells the shopper when the shop hid their review', async () => {
    const own = makeReview({ _id: 'mine', hidden: true });
    await openProduct({ mine: { canReview: true, reason: null, review: own } });
    expect(await writeBlock().findByText('The shop has hidden your review: other shoppers do not see it.')).toBeInTheDocument();
  });

  it('opens at the form from a link to #write-review, with the focus on it', async () => {
    await openProduct({ path: `/product/${PRODUCT_ID}#write-review` });
    await waitFor(() => expect(writeBlock().getByRole('heading', { name: 'Write a review' })).toHaveFocus());
  });
});

describe('reviews accessibility', () => {
  it('is axe-clean with the summary, reviews and the form showing errors', async () => {
    const { user } = await openProduct();
    await waitFor(() => expect(reviewTitles()).toHaveLength(5));
    await writeBlock().findByRole('form', { name: 'Write a review' });
    expect(await axeViolations()).toEqual([]);
    await user.click(writeBlock().getByRole('button', { name: 'Submit review' }));
    expect(await axeViolations()).toEqual([]);
  });

  it('is axe-clean signed out and with no reviews', async () => {
    await openProduct({ p: product({ rating: 0, reviews: 0 }), reviews: [], summary: emptyReviewSummary, signedIn: false });
    expect(await axeViolations()).toEqual([]);
  });

  it("is axe-clean for a shopper who cannot review, with their hidden review", async () => {
    await openProduct({ mine: { canReview: false, reason: 'Only shoppers who have received this product can review it', review: makeReview({ hidden: true }) } });
    await writeBlock().findByTestId('review-refusal');
    expect(await axeViolations()).toEqual([]);
  });
});
