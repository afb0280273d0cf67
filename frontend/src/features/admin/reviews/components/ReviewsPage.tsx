/**
 * Admin reviews (/admin/reviews): a server-paged list searched and filtered (shown or hidden)
 * in the URL; Hide and Unhide, and Delete after a confirmation. A change refetches the
 * product's rating and the storefront's reviews (lib/api/reviews.ts).
 */
import { useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { useDeleteReview, useUpdateReview } from '@/lib/api/reviews';
import { toast } from '@/lib/toast';
import type { AdminReview } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { deleteReviewQuestion, reviewsList, VISIBILITY_OPTIONS } from '../list';
import { reviewsTable } from './review-columns';

export const REVIEW_HIDDEN = 'Review hidden';
export const REVIEW_SHOWN = 'Review shown';
export const REVIEW_DELETED = 'Review deleted';

export default function ReviewsPage() {
  usePageTitle('Reviews');
  const list = useAdminList(reviewsList);
  const { filters } = list;
  const [deleting, setDeleting] = useState<AdminReview | null>(null);

  const switchHidden = useUpdateReview({
    onSuccess: (r) => toast.success(r.hidden ? REVIEW_HIDDEN : REVIEW_SHOWN),
    onError: (err) => {
      logError('Failed to change review', err);
      toast.error(adminErrorMessage(err, 'Failed to change review'));
    },
  });
  const remove = useDeleteReview({
    onSuccess: (reply) => {
      toast.success(reply?.message || REVIEW_DELETED);
      setDeleting(null);
    },
    onError: (err) => {
      logError('Failed to delete review', err);
      toast.error(adminErrorMessage(err, 'Failed to delete review'));
    },
  });

  const filtered = Boolean(filters.q || filters.hidden);
  return (
    <section>
      <PageHeader title="Reviews" />
      <ListFilters
        list={list}
        label="Filter reviews"
        search={{ label: 'Search reviews', placeholder: 'Title, text or author' }}
        selects={[{ filter: 'hidden', label: 'Status', options: VISIBILITY_OPTIONS }]}
      />
      <ListTable
        list={list}
        name="Reviews"
        loading="Loading reviews..."
        empty={
          <EmptyState
            title="No reviews found"
            text={filtered ? 'No review matches these filters.' : 'Reviews verified buyers write will appear here.'}
          />
        }
        {...reviewsTable({
          switching: switchHidden.isPending ? (switchHidden.variables?.id ?? null) : null,
          onSwitchHidden: (r) => switchHidden.mutate({ id: r._id, hidden: !r.hidden }),
          onDelete: setDeleting,
        })}
      />
      {deleting && (
        <ConfirmDialog
          title="Delete Review"
          message={deleteReviewQuestion(deleting)}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate({ productId: deleting.product._id, reviewId: deleting._id })}
        />
      )}
    </section>
  );
}
