/** The admin list of reviews (GET /api/admin/reviews): newest first, paged, searched (`q`) and filtered by shown or hidden. */
import { msg, t } from '@lingui/core/macro';
import { reviewKeys } from '@/lib/query-keys';
import type { AdminReview } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';
import { choice } from '../lib/translated';

export const REVIEWS_LOAD_FAILED = msg`Failed to load reviews. Please try again.`;

/** The API's `hidden`: 'false' the reviews shoppers see, 'true' the ones an admin hid. */
const VISIBILITY = ['false', 'true'] as const;

export const VISIBILITY_OPTIONS: readonly FilterOption<(typeof VISIBILITY)[number] | ''>[] = [
  choice('', msg`All reviews`),
  choice('false', msg`Shown`),
  choice('true', msg`Hidden`),
];

export const reviewsList = defineList<AdminReview>()({
  path: '/admin/reviews',
  keys: reviewKeys.admin,
  filters: { q: text(), hidden: oneOf(VISIBILITY) },
  failure: { message: REVIEWS_LOAD_FAILED, log: 'Failed to load reviews' },
});

/** The question before deleting a review. */
export function deleteReviewQuestion(review: Pick<AdminReview, 'author' | 'product'>): string {
  const { author } = review;
  const product = review.product.name;
  return t`Delete the review by ${author} of ${product}? This cannot be undone.`;
}
