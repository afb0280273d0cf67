/**
 * Verified reviews as the screens read them: the limits the server
 * keeps, its messages (the form checks what it can in the server's words), the sorts, and
 * the few words every review screen uses. The server decides who may review and keeps the
 * product's `rating` and `reviews`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { Product, ReviewInput, ReviewSort } from './types';
import { REVIEWS_FALLBACK } from './product';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;

/** Reviews per page of a product's list ('Show more reviews' adds a page). */
export const REVIEWS_PAGE_SIZE = 5;

export const REVIEW_SORTS: readonly { value: ReviewSort; label: MessageDescriptor }[] = [
  { value: 'newest', label: msg`Newest` },
  { value: 'highest', label: msg`Highest rating` },
  { value: 'lowest', label: msg`Lowest rating` },
];

/** '1 star', '4 stars'. */
export const starsText = (n: number) => plural(n, { one: '# star', other: '# stars' });

/**
 * How many reviews the product page says a product has: the server's count, or 200
 * (`REVIEWS_FALLBACK`) when it sent none. 0 shows 'No reviews yet' instead of stars.
 */
export function reviewCountOf(product: Pick<Product, 'reviews'>): number {
  return typeof product.reviews === 'number' ? product.reviews : REVIEWS_FALLBACK;
}

/** Whether a card shows stars: a rating above 0 that no review count contradicts. */
export function hasRating(product: Pick<Product, 'rating' | 'reviews'>): boolean {
  return typeof product.rating === 'number' && product.rating > 0 && product.reviews !== 0;
}

export type ReviewField = 'rating' | 'title' | 'body';
export const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'title', 'body'];

/** What the form can check before sending, in the server's words; empty when the review may be sent. */
export function reviewProblems(input: { rating: number | null; title: string; body: string }): Partial<Record<ReviewField, string>> {
  const out: Partial<Record<ReviewField, string>> = {};
  const titleMax = REVIEW_TITLE_MAX;
  const bodyMax = REVIEW_BODY_MAX;
  if (input.rating === null || !Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    out.rating = t`Rating must be a whole number from 1 to 5`;
  }
  if (input.title.trim().length > REVIEW_TITLE_MAX) out.title = t`Title must be at most ${titleMax} characters`;
  if (!input.body.trim()) out.body = t`Please write your review`;
  else if (input.body.trim().length > REVIEW_BODY_MAX) out.body = t`Review must be at most ${bodyMax} characters`;
  return out;
}

/** The request body: the title left out when blank, texts trimmed. */
export function reviewRequest(input: { rating: number; title: string; body: string }): ReviewInput {
  const title = input.title.trim();
  return { rating: input.rating, ...(title ? { title } : {}), body: input.body.trim() };
}
