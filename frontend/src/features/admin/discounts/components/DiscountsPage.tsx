/** Admin discount codes (/admin/discounts): a server-paged list, the add/edit modal, (de)activation and the delete confirmation. */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/lib/toast';
import type { Discount } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
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
  const { t } = useLingui();
  usePageTitle(t`Discounts`);
  const list = useAdminList(discountsList);
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const switchActive = useUpdateDiscount({
    onSuccess: ({ active, code }) => toast.success(active ? t`${code} activated` : t`${code} deactivated`),
    onError: (err) => {
      logError('Failed to change discount code', err);
      toast.error(adminErrorMessage(err, t`Failed to change discount code`));
    },
  });
  const remove = useDeleteDiscount({
    onSuccess: () => {
      toast.success(t`Discount code deleted`);
      setDeleting(null);
    },
    onError: (err) => {
      logError('Failed to delete discount code', err);
      toast.error(adminErrorMessage(err, t`Failed to delete discount code`));
    },
  });

  return (
    <section>
      <PageHeader title={t`Discounts`} add={{ label: t`Add Discount Code`, onClick: () => setEditing('new') }} />
      <ListTable
        list={list}
        name={t`Discount codes`}
        loading={t`Loading discount codes...`}
        empty={<EmptyState title={t`No discount codes yet`} text={t`Add a code for your next sale.`} />}
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
          title={t`Delete Discount Code`}
          message={deleteDiscountQuestion(deleting.code)}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting._id)}
        />
      )}
    </section>
  );
}
