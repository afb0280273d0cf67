/** The admin table of reviews: date, product (linking to its page), author, rating, title and text, shown or hidden, Hide/Unhide and Delete. */
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import type { AdminReview } from '@/lib/types';
import { ActionButton, columnsOf, DeleteAction, nowrap, RowActions } from '../../lib/table';
import { formatDateTime } from '../../lib/ui';
import { ReviewRating, VisibilityBadge } from './ReviewCells';

const column = columnsOf<AdminReview>();

/** What a row's buttons act on, for screen readers: 'the review by Amina'. */
function reviewBy({ author }: Pick<AdminReview, 'author'>): string {
  return t`the review by ${author}`;
}

export function reviewsTable({
  switching,
  onSwitchHidden,
  onDelete,
}: {
  /** The id of the review being hidden or shown, if any. */
  switching: string | null;
  onSwitchHidden: (review: AdminReview) => void;
  onDelete: (review: AdminReview) => void;
}) {
  return {
    columns: [
      column(t`Date`, (r) => formatDateTime(r.createdAt), nowrap),
      column(t`Product`, (r) => (
        <Link to={`/product/${encodeURIComponent(r.product._id)}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
          {r.product.name}
        </Link>
      ), { td: 'max-w-48 break-words', phone: 'title' }),
      column(t`Author`, (r) => (
        <>
          {r.author}
          {r.verifiedPurchase && <span className="block text-xs text-stone-600">{t`Verified purchase`}</span>}
        </>
      ), { td: 'break-words' }),
      column(t`Rating`, (r) => <ReviewRating rating={r.rating} />, nowrap),
      // 'Review' alone is the storefront's button that writes one.
      column(t({ message: 'Review', context: "a shopper's review" }), (r) => (
        <>
          {r.title && <p className="font-semibold break-words text-stone-900">{r.title}</p>}
          <p className="line-clamp-3 break-words whitespace-pre-line text-stone-700" title={r.body}>
            {r.body}
          </p>
        </>
      ), { td: 'max-w-96' }),
      column(t`Status`, (r) => <VisibilityBadge hidden={r.hidden} />, { phone: 'aside' }),
      column(t`Actions`, (r) => (
        <RowActions wrap>
          <ActionButton kind="neutral" label={r.hidden ? t`Unhide` : t`Hide`} target={reviewBy(r)} disabled={switching === r._id} onClick={() => onSwitchHidden(r)} />
          <DeleteAction target={reviewBy(r)} onClick={() => onDelete(r)} />
        </RowActions>
      ), { phone: 'actions' }),
    ],
    rowProps: () => ({ 'data-testid': 'review-row' }),
    width: 'w-full min-w-[60rem]',
  };
}
