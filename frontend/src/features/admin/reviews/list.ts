/** The admin list of reviews (GET /api/admin/reviews): newest first, paged, searched (`q`) and filtered by shown or hidden. */
import { reviewKeys } from '@/lib/query-keys';
import type { AdminReview } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';

export const REVIEWS_LOAD_FAILED = 'Failed to load reviews. Please try again.';

/** The API's `hidden`: 'false' the reviews shoppers see, 'true' the ones an admin hid. */
const VISIBILITY = ['false', 'true'] as const;

export const VISIBILITY_OPTIONS: readonly FilterOption<(typeof VISIBILITY)[number] | ''>[] = [
  { value: '', label: 'All reviews' },
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
];

export const reviewsList = defineList<AdminReview>()({
  path: '/admin/reviews',
  keys: reviewKeys.admin,
  filters: { q: text(), hidden: oneOf(VISIBILITY) },
  failure: { message: REVIEWS_LOAD_FAILED, log: 'Failed to load reviews' },
});

/** The question before deleting a review. */
export const deleteReviewQuestion = (review: Pick<AdminReview, 'author' | 'product'>) =>
  `Delete the review by ${review.author} of ${review.product.name}? This cannot be undone.`;
