/** Admin products (/admin/products): a server-paged list with search, filters and sort in the URL, the add/edit modal and the delete confirmation. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { btn } from '@/components/ui/styles';
import { useDeleteProduct } from '@/lib/api/products';
import { adminKeys } from '@/lib/query-keys';
import type { Product } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterBar, SortDirButton } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { FilterSelect, ListView, SearchField, useAdminList } from '../../lib/list';
import { admin } from '../../lib/ui';
import { CATEGORY_OPTIONS, productsList, SORT_OPTIONS, STOCK_OPTIONS } from '../list';
import { ProductFormModal } from './ProductFormModal';
import { ProductsTable } from './ProductsTable';

export const deleteProductQuestion = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;

export default function ProductsPage() {
  usePageTitle('Products');
  const qc = useQueryClient();
  const list = useAdminList(productsList);
  const { filters, setFilter } = list;
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={admin.pageTitle}>Products</h1>
        <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
          Add New Product
        </button>
      </div>
      <FilterBar label="Filter products">
        <SearchField
          label="Search products"
          placeholder="Name, description, category or tag"
          value={filters.q}
          onSearch={(q) => setFilter('q', q, { replace: true })}
          className="sm:col-span-2 lg:min-w-64 lg:flex-1"
        />
        <FilterSelect label="Category" value={filters.category} options={CATEGORY_OPTIONS} onChange={(v) => setFilter('category', v)} />
        <FilterSelect label="Stock status" value={filters.stock} options={STOCK_OPTIONS} onChange={(v) => setFilter('stock', v)} />
        <FilterSelect label="Sort by" value={filters.sort} options={SORT_OPTIONS} onChange={(v) => setFilter('sort', v)} />
        <SortDirButton dir={filters.dir} onToggle={() => setFilter('dir', filters.dir === 'asc' ? 'desc' : 'asc')} />
      </FilterBar>
      <ListView
        list={list}
        label="Products"
        loading="Loading products..."
        empty={<EmptyState title="No products found" text="Try adjusting your search or filters" />}
      >
        {(rows) => <ProductsTable products={rows} onEdit={setEditing} onDelete={setDeleting} />}
      </ListView>
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
