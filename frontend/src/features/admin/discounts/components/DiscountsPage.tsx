/** Admin discount codes (/admin/discounts): a server-paged list, the add/edit modal, (de)activation and the delete confirmation. */
import { useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { toast } from '@/lib/toast';
import type { Discount } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { useDeleteDiscount, useUpdateDiscount } from '../api/discounts';
import { deleteDiscountQuestion, switchedActive } from '../discount-form';
import { discountsList } from '../list';
import { DiscountFormModal } from './DiscountFormModal';
import { discountsTable } from './discount-columns';

export default function DiscountsPage() {
  usePageTitle('Discounts');
  const list = useAdminList(discountsList);
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const switchActive = useUpdateDiscount({
    onSuccess: (d) => toast.success(d.active ? `${d.code} activated` : `${d.code} deactivated`),
    onError: (err) => {
      logError('Failed to change discount code', err);
      toast.error(adminErrorMessage(err, 'Failed to change discount code'));
    },
  });
  const remove = useDeleteDiscount({
    onSuccess: () => {
      toast.success('Discount code deleted');
      setDeleting(null);
    },
    onError: (err) => {
      logError('Failed to delete discount code', err);
      toast.error(adminErrorMessage(err, 'Failed to delete discount code'));
    },
  });

  return (
    <section>
      <PageHeader title="Discounts" add={{ label: 'Add Discount Code', onClick: () => setEditing('new') }} />
      <ListTable
        list={list}
        name="Discount codes"
        loading="Loading discount codes..."
        empty={<EmptyState title="No discount codes yet" text="Add a code for your next sale." />}
        {...discountsTable({
          switching: switchActive.isPending ? (switchActive.variables?.id ?? null) : null,
          onEdit: setEditing,
          onSwitchActive: (d) => switchActive.mutate({ id: d._id, input: switchedActive(d) }),
          onDelete: setDeleting,
        })}
      />
      {editing && (
        <DiscountFormModal discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Discount Code"
          message={deleteDiscountQuestion(deleting.code)}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting._id)}
        />
      )}
    </section>
  );
}
