/**
 * Admin reviews (/admin/reviews): a server-paged list searched and filtered (shown or hidden)
 * in the URL; Hide and Unhide, and Delete after a confirmation. A change refetches the
 * product's rating and the storefront's reviews (lib/api/reviews.ts).
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDeleteReview, useUpdateReview } from '@/lib/api/reviews';
import { toast } from '@/lib/toast';
import type { AdminReview } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { deleteReviewQuestion, reviewsList, VISIBILITY_OPTIONS } from '../list';
import { reviewsTable } from './review-columns';

export default function ReviewsPage() {
  const { t } = useLingui();
  usePageTitle(t`Reviews`);
  const list = useAdminList(reviewsList);
  const { filters } = list;
  const [deleting, setDeleting] = useState<AdminReview | null>(null);

  const switchHidden = useUpdateReview({
    onSuccess: (r) => toast.success(r.hidden ? t`Review hidden` : t`Review shown`),
    onError: (err) => {
      logError('Failed to change review', err);
      toast.error(adminErrorMessage(err, t`Failed to change review`));
    },
  });
  const remove = useDeleteReview({
    // The back office's own words: the server's reply to a delete is in English only.
    onSuccess: () => {
      toast.success(t`Review deleted`);
      setDeleting(null);
    },
    onError: (err) => {
      logError('Failed to delete review', err);
      toast.error(adminErrorMessage(err, t`Failed to delete review`));
    },
  });

  const filtered = Boolean(filters.q || filters.hidden);
  return (
    <section>
      <PageHeader title={t`Reviews`} />
      <ListFilters
        list={list}
        label={t`Filter reviews`}
        search={{ label: t`Search reviews`, placeholder: t`Title, text or author` }}
        selects={[{ filter: 'hidden', label: t`Status`, options: VISIBILITY_OPTIONS }]}
      />
      <ListTable
        list={list}
        name={t`Reviews`}
        loading={t`Loading reviews...`}
        empty={
          <EmptyState
            title={t`No reviews found`}
            text={filtered ? t`No review matches these filters.` : t`Reviews verified buyers write will appear here.`}
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
          title={t`Delete Review`}
          message={deleteReviewQuestion(deleting)}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate({ productId: deleting.product._id, reviewId: deleting._id })}
        />
      )}
    </section>
  );
}
