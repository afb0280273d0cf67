import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { productKeys, reviewKeys } from '@/lib/query-keys';
import type { AdminReview } from '@/lib/types';
import { makeAdminReview, makeProduct } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { auditActionLabel } from '../reports/audit';
import { adminUser, currentUrl, paramsOf, renderAdmin, serveList, type ListReply } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../reviews/components/ReviewsPage');
});

const shown = makeAdminReview({
  _id: 'rv-shown',
  rating: 5,
  title: 'Lovely fabric',
  body: 'Soft, breathes well and the size was right.',
  author: 'Amina W.',
  createdAt: '2026-11-20T10:00:00Z',
  hidden: false,
  product: { _id: 'p-dress', name: 'Linen Wrap Dress' },
});
const hidden = makeAdminReview({
  _id: 'rv-hidden',
  rating: 1,
  title: null,
  body: 'Call 0615 for cheap copies <a href="x">here</a>',
  author: 'Spam S.',
  createdAt: '2026-11-19T10:00:00Z',
  hidden: true,
  product: { _id: 'p-scarf', name: 'Silk Scarf' },
});
const all = [shown, hidden];

function serveReviews(
  reply: (query: URLSearchParams) => ListReply<AdminReview> = (q) => ({
    rows: all.filter((r) => (!q.get('hidden') || String(r.hidden) === q.get('hidden')) && (!q.get('q') || r.body.includes(q.get('q') as string))),
  }),
) {
  return serveList<AdminReview>('/api/admin/reviews', reply);
}

/** PUT /api/admin/reviews/{id}: answers the review with the `hidden` sent (or `reply`'s answer); returns the calls. */
function servePut(reply?: () => Response) {
  const calls: { id: string; body: unknown }[] = [];
  server.use(
    http.put('/api/admin/reviews/:id', async ({ params, request }) => {
      const body = (await request.json()) as { hidden: boolean };
      calls.push({ id: String(params.id), body });
      if (reply) return reply();
      const row = all.find((r) => r._id === params.id) as AdminReview;
      return HttpResponse.json({ ...row, hidden: body.hidden });
    }),
  );
  return calls;
}

function serveDelete(reply: () => Response = () => HttpResponse.json({ message: 'Review deleted' })) {
  const calls: string[] = [];
  server.use(
    http.delete('/api/products/:productId/reviews/:reviewId', ({ params }) => {
      calls.push(`${String(params.productId)}/${String(params.reviewId)}`);
      return reply();
    }),
  );
  return calls;
}

const rows = () => screen.getAllByTestId('review-row');
const rowOf = (id: string) => within(rows()[all.findIndex((r) => r._id === id)]);
const firstPage = { page: '1', limit: '20' };

describe('admin reviews: list', () => {
  it('is in the sidebar and lists the first page: date, product, author, rating, review, status and actions', async () => {
    const served = serveReviews();
    renderAdmin('/admin/reviews');
    expect(await screen.findByText('Loading reviews...')).toBeInTheDocument();
    await screen.findAllByTestId('review-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Product', 'Author', 'Rating', 'Review', 'Status', 'Actions']);

    const first = rowOf('rv-shown');
    expect(first.getByRole('link', { name: 'Linen Wrap Dress' })).toHaveAttribute('href', '/product/p-dress');
    expect(first.getByText('Amina W.')).toBeInTheDocument();
    expect(first.getByText('out of 5 stars').parentElement).toHaveTextContent('5 out of 5 stars');
    expect(first.getByText('Lovely fabric')).toBeInTheDocument();
    expect(first.getByText('Soft, breathes well and the size was right.')).toBeInTheDocument();
    expect(first.getByTestId('review-status')).toHaveTextContent('Shown');
    expect(first.getAllByRole('button').map((b) => b.textContent)).toEqual(['Hide the review by Amina W.', 'Delete the review by Amina W.']);

    const second = rowOf('rv-hidden');
    expect(second.getByTestId('review-status')).toHaveTextContent('Hidden');
    expect(second.getAllByRole('button').map((b) => b.textContent)).toEqual(['Unhide the review by Spam S.', 'Delete the review by Spam S.']);
    // markup in a review is text
    expect(second.getByText('Call 0615 for cheap copies <a href="x">here</a>')).toBeInTheDocument();
    expect(second.queryByRole('link', { name: 'here' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('searches and filters shown/hidden on the server, kept in the URL and back at page 1', async () => {
    const served = serveReviews();
    const { user } = renderAdmin('/admin/reviews?page=2');
    await screen.findByText('Loading reviews...');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All reviews', 'Shown', 'Hidden']);
    await user.selectOptions(status, 'Hidden');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, hidden: 'true' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(currentUrl()).toBe('/admin/reviews?hidden=true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shown');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, hidden: 'false' }));
    expect(currentUrl()).toBe('/admin/reviews?hidden=false');

    await user.type(screen.getByRole('searchbox', { name: 'Search reviews' }), 'breathes{Enter}');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, hidden: 'false', q: 'breathes' }));
    expect(currentUrl()).toBe('/admin/reviews?hidden=false&q=breathes');
  });

  it('says when there are none, and shows the failure with Try Again', async () => {
    serveReviews(() => ({ rows: [], total: 0 }));
    const { unmount } = renderAdmin('/admin/reviews?hidden=true');
    expect(await screen.findByText('No reviews found')).toBeInTheDocument();
    expect(screen.getByText('No review matches these filters.')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/admin/reviews', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/reviews');
    await findToast('Failed to load reviews. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('admin reviews: actions', () => {
  it('hides and unhides with a toast, puts the server row in place and refreshes the product', async () => {
    const served = serveReviews();
    const calls = servePut();
    const { user, queryClient } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    // a product page's data the admin saw earlier
    queryClient.setQueryData(productKeys.detail('p-dress'), makeProduct({ _id: 'p-dress' }));
    queryClient.setQueryData(reviewKeys.summary('p-dress'), { rating: 5, reviews: 1, stars: [0, 0, 0, 0, 1] });

    await user.click(rowOf('rv-shown').getByRole('button', { name: /^Hide/ }));
    await findToast('Review hidden');
    expect(calls).toEqual([{ id: 'rv-shown', body: { hidden: true } }]);
    await waitFor(() => expect(rowOf('rv-shown').getByTestId('review-status')).toHaveTextContent('Hidden'));
    expect(rowOf('rv-shown').getByRole('button', { name: /^Unhide/ })).toBeInTheDocument();
    expect(queryClient.getQueryState(productKeys.detail('p-dress'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(reviewKeys.summary('p-dress'))?.isInvalidated).toBe(true);

    await user.click(rowOf('rv-hidden').getByRole('button', { name: /^Unhide/ }));
    await findToast('Review shown');
    expect(calls.at(-1)).toEqual({ id: 'rv-hidden', body: { hidden: false } });
    await waitFor(() => expect(rowOf('rv-hidden').getByTestId('review-status')).toHaveTextContent('Shown'));
    // The rows are put in place: the page is not asked for again.
    expect(served).toHaveLength(1);
  });

  it("shows the server's refusal to hide", async () => {
    serveReviews();
    servePut(() => HttpResponse.json({ message: 'Review not found' }, { status: 404 }));
    const { user } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    await user.click(rowOf('rv-shown').getByRole('button', { name: /^Hide/ }));
    await findToast('Review not found');
    expect(rowOf('rv-shown').getByTestId('review-status')).toHaveTextContent('Shown');
  });

  it('asks before deleting: Cancel sends nothing, Delete removes it through its product and refetches the page', async () => {
    const served = serveReviews();
    const calls = serveDelete();
    const { user } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    await user.click(rowOf('rv-hidden').getByRole('button', { name: /^Delete/ }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete Review' }));
    expect(dialog.getByText('Delete the review by Spam S. of Silk Scarf? This cannot be undone.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(rowOf('rv-hidden').getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Review' })).getByRole('button', { name: 'Delete' }));
    await findToast('Review deleted');
    expect(calls).toEqual(['p-scarf/rv-hidden']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(served).toHaveLength(2));
  });

  it("shows the server's refusal to delete and keeps the dialog", async () => {
    serveReviews();
    serveDelete(() => HttpResponse.json({ message: 'You can only delete your own review' }, { status: 403 }));
    const { user } = renderAdmin('/admin/reviews');
    await screen.findAllByTestId('review-row');
    await user.click(rowOf('rv-shown').getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Review' })).getByRole('button', { name: 'Delete' }));
    await findToast('You can only delete your own review');
    expect(screen.getByRole('alertdialog', { name: 'Delete Review' })).toBeInTheDocument();
  });
});

describe('admin reviews in Somali', () => {
  it("words hiding, deleting and their refusals in Somali, the server's refusal as it words it", async () => {
    serveReviews();
    servePut(() => HttpResponse.json({ message: 'Faallada lama helin' }, { status: 404 }));
    // The server's reply to a delete is in English: the back office says it in its own words.
    serveDelete(() => HttpResponse.json({ message: 'Review deleted' }));
    const { user } = renderAdmin('/admin/reviews', adminUser({ language: 'so' }));
    await screen.findAllByTestId('review-row');
    await user.click(rowOf('rv-shown').getByRole('button', { name: /^Qari/ }));
    await findToast('Faallada lama helin');
    await user.click(rowOf('rv-hidden').getByRole('button', { name: /^Tirtir/ }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Ma tirtiraysaa faallada Spam S. ka qoray Silk Scarf? Tan dib looma celin karo.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Tirtir' }));
    await findToast('Faallada waa la tirtiray');
    // The rating said in Somali: '1 ka mid ah 5 xiddigood'.
    expect(rowOf('rv-shown').getByText('ka mid ah 5 xiddigood')).toBeInTheDocument();
  });
});

describe('admin reviews: audit trail', () => {
  it('labels the review actions', () => {
    expect(['review.hide', 'review.show', 'review.delete'].map(auditActionLabel)).toEqual(['Hid a review', 'Showed a review', 'Deleted a review']);
  });
});
