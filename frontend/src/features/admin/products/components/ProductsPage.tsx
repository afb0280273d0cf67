/** Admin products (/admin/products): filter bar, table, add/edit modal and delete confirmation. */
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/ui/EmptyState';
import { DiscountBadge } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { PageLoading } from '@/components/ui/Spinner';
import { StockBadge } from '@/components/ui/StockBadge';
import { btn } from '@/components/ui/styles';
import { useDeleteProduct, useProducts } from '@/features/catalog/api/products';
import { capitalize, formatPrice } from '@/lib/format';
import { adminKeys } from '@/lib/query-keys';
import type { Product, StockStatus } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField, SelectField } from '../../components/fields';
import { FilterBar, SortDirButton } from '../../components/FilterBar';
import { adminErrorMessage, logError } from '../../lib/errors';
import { admin } from '../../lib/ui';
import { defaultProductFilters, filterProducts, type ProductFilters, type ProductSortKey } from '../filter';
import { PRODUCT_CATEGORIES } from '../product-form';
import { ProductFormModal } from './ProductFormModal';

export const PRODUCTS_LOAD_FAILED = 'Failed to load products. Please try again.';

export const deleteProductQuestion = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;

const STOCK_OPTIONS: { value: 'all' | StockStatus; label: string }[] = [
  { value: 'all', label: 'All stock' },
  { value: 'inStock', label: 'In Stock' },
  { value: 'lowStock', label: 'Low Stock' },
  { value: 'outOfStock', label: 'Out of Stock' },
];

export default function ProductsPage() {
  usePageTitle('Products');
  const qc = useQueryClient();
  const products = useProducts();
  const [filters, setFilters] = useState<ProductFilters>(defaultProductFilters);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  useEffect(() => {
    if (products.isError) {
      logError('Failed to load products', products.error);
      toast.error(PRODUCTS_LOAD_FAILED, { toastId: PRODUCTS_LOAD_FAILED });
    }
  }, [products.isError, products.error]);

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

  const shown = useMemo(() => filterProducts(products.data ?? [], filters), [products.data, filters]);
  const setFilter = <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));

  let body;
  if (products.isPending) {
    body = <PageLoading text="Loading products..." />;
  } else if (products.isError) {
    body = (
      <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        <p>{PRODUCTS_LOAD_FAILED}</p>
        <button type="button" className={`${btn.secondary} mt-3`} onClick={() => void products.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <EmptyState title="No products found" text="Try adjusting your search or filters" />;
  } else {
    body = (
      <div className={`mt-6 ${admin.tableWrap}`}>
        <table className={admin.table}>
          <caption className="sr-only">Products</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={admin.th}>Product</th>
              <th scope="col" className={admin.th}>Category</th>
              <th scope="col" className={admin.th}>Price</th>
              <th scope="col" className={admin.th}>Stock</th>
              <th scope="col" className={admin.th}>Status</th>
              <th scope="col" className={admin.th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {shown.map((p) => (
              <tr key={p._id} data-testid="product-row">
                <td className={admin.td}>
                  <div className="flex min-w-64 items-start gap-3">
                    <ProductImage path={p.thumbnail ?? p.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg" />
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{p.name}</p>
                      <p className="line-clamp-2 max-w-sm text-stone-600">{p.description}</p>
                    </div>
                  </div>
                </td>
                <td className={admin.td}>{capitalize(String(p.category))}</td>
                <td className={admin.td}>
                  <div className="flex flex-col items-start gap-1 whitespace-nowrap">
                    <span className="font-semibold">{formatPrice(p.price)}</span>
                    {p.discount > 0 && <DiscountBadge discount={p.discount} />}
                  </div>
                </td>
                <td className={admin.td}>{p.stock ?? '—'}</td>
                <td className={`${admin.td} whitespace-nowrap`}>
                  <StockBadge stock={p.stock} />
                </td>
                <td className={admin.td}>
                  <div className="flex gap-1">
                    <button type="button" className={`${admin.action} text-brand-800 hover:bg-brand-50`} onClick={() => setEditing(p)}>
                      Edit <span className="sr-only">{p.name}</span>
                    </button>
                    <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => setDeleting(p)}>
                      Delete <span className="sr-only">{p.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={admin.pageTitle}>Products</h1>
        <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
          Add New Product
        </button>
      </div>
      <FilterBar label="Filter products">
        <TextField
          label="Search products"
          type="search"
          placeholder="Name, description or category"
          value={filters.q}
          onChange={(e) => setFilter('q', e.target.value)}
          className="sm:col-span-2 lg:min-w-64 lg:flex-1"
        />
        <SelectField label="Category" value={filters.category} onChange={(e) => setFilter('category', e.target.value)}>
          <option value="all">All categories</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalize(c)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Stock status"
          value={filters.stock}
          onChange={(e) => setFilter('stock', e.target.value as ProductFilters['stock'])}
        >
          {STOCK_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort by" value={filters.sortBy} onChange={(e) => setFilter('sortBy', e.target.value as ProductSortKey)}>
          <option value="name">Name</option>
          <option value="price">Price</option>
          <option value="stock">Stock</option>
          <option value="category">Category</option>
        </SelectField>
        <SortDirButton dir={filters.dir} onToggle={() => setFilter('dir', filters.dir === 'asc' ? 'desc' : 'asc')} />
      </FilterBar>
      {body}
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
