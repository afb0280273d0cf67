/**
 * Admin products (/admin/products): a server-paged list with search, filters and sort in the URL,
 * the add/edit modal, the delete confirmation, and the catalogue as CSV (Export CSV, Import CSV).
 */
import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { BUSY, btn } from '@/components/ui/styles';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDeleteProduct } from '@/lib/api/products';
import { useCan } from '@/lib/permissions';
import { adminKeys } from '@/lib/query-keys';
import type { Product } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { useDownloadProductsCsv } from '../api/sheet';
import { CATEGORY_OPTIONS, productsList, SORT_OPTIONS, STOCK_OPTIONS } from '../list';
import { ImportDialog } from './ImportDialog';
import { ProductFormModal } from './ProductFormModal';
import { productsTable } from './product-columns';

export const deleteProductQuestion = (name: string) =>
  t`Are you sure you want to delete "${name}"? This action cannot be undone.`;

export default function ProductsPage() {
  const { t } = useLingui();
  usePageTitle(t`Products`);
  const qc = useQueryClient();
  const list = useAdminList(productsList);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  // The page needs products.manage already; the CSV buttons ask for it themselves all the same.
  const manages = useCan()('products.manage');
  const exportCsv = useDownloadProductsCsv({
    onSuccess: (name) => toast.success(t`Downloaded ${name}`),
    onError: (err) => {
      logError('Product CSV export failed', err);
      toast.error(adminErrorMessage(err, t`Failed to export products`));
    },
  });

  const refreshStats = () => void qc.invalidateQueries({ queryKey: adminKeys.all });
  const remove = useDeleteProduct({
    onSuccess: () => {
      toast.success(t`Product deleted successfully`);
      setDeleting(null);
      refreshStats();
    },
    onError: (err) => {
      logError('Failed to delete product', err);
      toast.error(adminErrorMessage(err, t`Failed to delete product`));
    },
  });

  return (
    <section>
      <PageHeader
        title={t`Products`}
        add={{ label: t`Add New Product`, onClick: () => setEditing('new') }}
        actions={
          manages && (
            <>
              <button
                type="button"
                className={`${btn.secondary} ${BUSY}`}
                aria-disabled={exportCsv.isPending || undefined}
                onClick={() => {
                  if (!exportCsv.isPending) exportCsv.mutate();
                }}
              >
                <Trans>Export CSV</Trans>
              </button>
              <button type="button" className={btn.secondary} onClick={() => setImporting(true)}>
                <Trans>Import CSV</Trans>
              </button>
            </>
          )
        }
      />
      <ListFilters
        list={list}
        label={t`Filter products`}
        search={{ label: t`Search products`, placeholder: t`Name, description, category or tag` }}
        selects={[
          { filter: 'category', label: t`Category`, options: CATEGORY_OPTIONS },
          { filter: 'stock', label: t`Stock status`, options: STOCK_OPTIONS },
          { filter: 'sort', label: t`Sort by`, options: SORT_OPTIONS },
        ]}
        sortDir="dir"
      />
      <ListTable
        list={list}
        name={t`Products`}
        loading={t`Loading products...`}
        empty={<EmptyState title={t`No products found`} text={t`Try adjusting your search or filters`} />}
        {...productsTable({ onEdit: setEditing, onDelete: setDeleting })}
      />
      {editing && (
        <ProductFormModal
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refreshStats();
          }}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {deleting && (
        <ConfirmDialog
          title={t`Delete Product`}
          message={deleteProductQuestion(deleting.name)}
          confirmLabel={t`Delete`}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting._id)}
        />
      )}
    </section>
  );
}
