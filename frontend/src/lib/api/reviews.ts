/**
 * Review calls, their query options and hooks (docs/api.md "Reviews"): a product's visible
 * reviews one page at a time, its summary, what the signed-in shopper may do, writing (or
 * replacing) and deleting a review, and the admin's hiding and showing one. The admin's list
 * is defined by the admin area (features/admin/reviews/list.ts), which deletes through
 * `useDeleteReview` too.
 *
 * Writing, hiding or deleting a review changes the product's `rating` and `reviews`: the
 * product, the product lists and the reviews are fetched again.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, requestPage, requestWithStatus, type ListPage } from '@/lib/api-client';
import type { MutationOptions } from '@/lib/api/mutation-options';
import { outside, putRowInPages } from '@/lib/list-cache';
import { productKeys, reviewKeys } from '@/lib/query-keys';
import { REVIEWS_PAGE_SIZE } from '@/lib/reviews';
import type { AdminReview, MessageReply, MyReview, Review, ReviewInput, ReviewSort, ReviewSummary, UpdateReviewRequest } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';

export { reviewKeys };

const reviewsPath = (productId: string) => `/products/${encodeURIComponent(productId)}/reviews`;

// ---- fetchers ----

/** One page of the product's visible reviews in `sort` order, the total from `X-Total-Count`. */
export const getReviewPage = (productId: string, sort: ReviewSort, page: number, limit: number, signal?: AbortSignal) =>
  requestPage<Review>(reviewsPath(productId), { params: { page, limit, sort }, signal });

export const getReviewSummary = (productId: string, signal?: AbortSignal) =>
  api.get<ReviewSummary>(`${reviewsPath(productId)}/summary`, { signal });

/** Signed in only (401 otherwise). */
export const getMyReview = (productId: string, signal?: AbortSignal) =>
  api.get<MyReview>(`${reviewsPath(productId)}/mine`, { signal });

/** What POST answered: the review, and whether it replaced the shopper's earlier one (200) rather than being new (201). */
export interface SavedReview {
  review: Review;
  replaced: boolean;
}

/**
 * 201 with a new review, 200 when it replaced the shopper's earlier one. 400 `{message, errors:
 * {rating|title|body}}`, 403 `{message}` for a shopper who has not received the product, 401
 * signed out: the form shows the messages as they are.
 */
export async function saveReview({ productId, input }: { productId: string; input: ReviewInput }): Promise<SavedReview> {
  const res = await requestWithStatus<Review>(reviewsPath(productId), { method: 'POST', body: input });
  return { review: res.data, replaced: res.status === 200 };
}

/** Its author or an admin: 200 `{message: 'Review deleted'}`; 403 `{message}` for someone else's review; 404. */
export const deleteReview = ({ productId, reviewId }: { productId: string; reviewId: string }) =>
  api.delete<MessageReply>(`${reviewsPath(productId)}/${encodeURIComponent(reviewId)}`);

/** An admin hides a review from the shop or shows it again: 200 with the review as the back office lists it; 404. */
export const updateReview = ({ id, hidden }: { id: string } & UpdateReviewRequest) =>
  api.put<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}`, { hidden } satisfies UpdateReviewRequest);

// ---- query options ----

/** The next page of reviews, or undefined when every one is loaded. */
export function nextReviewPage(last: ListPage<Review>, pages: ListPage<Review>[], lastPage: number): number | undefined {
  if (last.rows.length === 0) return undefined;
  if (last.total === null) return last.rows.length >= REVIEWS_PAGE_SIZE ? lastPage + 1 : undefined;
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return loaded < last.total ? lastPage + 1 : undefined;
}

export const reviewPagesQuery = (productId: string, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(productId, { sort, limit: REVIEWS_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => getReviewPage(productId, sort, pageParam, REVIEWS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextReviewPage,
  });

export const reviewSummaryQuery = (productId: string) =>
  queryOptions({ queryKey: reviewKeys.summary(productId), queryFn: ({ signal }) => getReviewSummary(productId, signal) });

export const myReviewQuery = (productId: string) =>
  queryOptions({ queryKey: reviewKeys.mine(productId), queryFn: ({ signal }) => getMyReview(productId, signal) });

// ---- hooks ----

/**
 * A product's visible reviews in `sort` order; another sort starts again at page 1, the reviews
 * shown staying on screen (and the sort control under the keyboard's focus) until it arrives.
 */
export const useProductReviews = (productId: string, sort: ReviewSort) =>
  useInfiniteQuery({ ...reviewPagesQuery(productId, sort), placeholderData: keepPreviousData });

export const useReviewSummary = (productId: string) => useQuery(reviewSummaryQuery(productId));

/** Asked for only when signed in. */
export function useMyReview(productId: string) {
  const signedIn = useSession(selectIsAuthenticated);
  return useQuery({ ...myReviewQuery(productId), enabled: signedIn });
}

/**
 * After a review changed: the product (its rating and count), the product lists and the reviews
 * are fetched again. `keepAdminPages` leaves the admin's cached pages alone (the caller put the
 * server's row in place).
 */
export function refreshAfterReviewChange(qc: QueryClient, { keepAdminPages = false } = {}) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: productKeys.all }),
    qc.invalidateQueries({ queryKey: reviewKeys.all, predicate: keepAdminPages ? outside(reviewKeys.admin.pages()) : undefined }),
  ]);
}

/** Writes the shopper's review (or replaces their earlier one): shown at once as theirs, then everything it changes is fetched again. */
export function useSaveReview(options: MutationOptions<SavedReview, { productId: string; input: ReviewInput }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onError: options.onError,
    onSuccess: async (saved, vars) => {
      qc.setQueryData<MyReview>(reviewKeys.mine(vars.productId), (old) => (old ? { ...old, review: saved.review } : old));
      await refreshAfterReviewChange(qc);
      options.onSuccess?.(saved, vars);
    },
  });
}

/** Deletes a review (the shopper's own, or any for an admin). */
export function useDeleteReview(options: MutationOptions<MessageReply, { productId: string; reviewId: string }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onError: options.onError,
    onSuccess: async (data, vars) => {
      qc.setQueryData<MyReview>(reviewKeys.mine(vars.productId), (old) =>
        old && old.review?._id === vars.reviewId ? { ...old, review: null } : old,
      );
      await refreshAfterReviewChange(qc);
      options.onSuccess?.(data, vars);
    },
  });
}

/**
 * An admin hides or shows a review: the server's row takes its place in the cached pages; the
 * product (whose rating and count follow its visible reviews), the product lists and the
 * storefront's reviews are fetched again.
 */
export function useUpdateReview(options: MutationOptions<AdminReview, { id: string } & UpdateReviewRequest> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onError: options.onError,
    onSuccess: async (row, vars) => {
      await Promise.all([putRowInPages(qc, reviewKeys.admin, row), refreshAfterReviewChange(qc, { keepAdminPages: true })]);
      options.onSuccess?.(row, vars);
    },
  });
}
