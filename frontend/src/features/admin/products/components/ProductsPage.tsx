/** Admin products (/admin/products): a server-paged list with search, filters and sort in the URL, the add/edit modal and the delete confirmation. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { useDeleteProduct } from '@/lib/api/products';
import { adminKeys } from '@/lib/query-keys';
import type { Product } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { adminErrorMessage, logError } from '../../lib/errors';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { CATEGORY_OPTIONS, productsList, SORT_OPTIONS, STOCK_OPTIONS } from '../list';
import { ProductFormModal } from './ProductFormModal';
import { productsTable } from './product-columns';

export const deleteProductQuestion = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;

export default function ProductsPage() {
  usePageTitle('Products');
  const qc = useQueryClient();
  const list = useAdminList(productsList);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const refreshStats = () => void qc.invalidateQueries({ queryKey: adminKeys.all });
  const remove = useDeleteProduct({
    onSuccess: () => {
      toast.success('Product deleted successfully');
      setDeleting(null);
      refreshStats();
    },
    onError: (err) => {
      logError('Failed to delete product', err);
      toast.error(adminErrorMessage(err, 'Failed to delete product'));
    },
  });

  return (
    <section>
      <PageHeader title="Products" add={{ label: 'Add New Product', onClick: () => setEditing('new') }} />
      <ListFilters
        list={list}
        label="Filter products"
        search={{ label: 'Search products', placeholder: 'Name, description, category or tag' }}
        selects={[
          { filter: 'category', label: 'Category', options: CATEGORY_OPTIONS },
          { filter: 'stock', label: 'Stock status', options: STOCK_OPTIONS },
          { filter: 'sort', label: 'Sort by', options: SORT_OPTIONS },
        ]}
        sortDir="dir"
      />
      <ListTable
        list={list}
        name="Products"
        loading="Loading products..."
        empty={<EmptyState title="No products found" text="Try adjusting your search or filters" />}
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
      {deleting && (
        <ConfirmDialog
          title="Delete Product"
          message={deleteProductQuestion(deleting.name)}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting._id)}
        />
      )}
    </section>
  );
}
