/** The admin product table: picture, name and description, category, price with discount, stock, status, actions. */
import { t } from '@lingui/core/macro';
import { DiscountBadge } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { StockBadge } from '@/components/ui/StockBadge';
import { formatPrice } from '@/lib/format';
import type { Product } from '@/lib/types';
import { hasVariants, variantsOf } from '@/lib/variants';
import { columnsOf, DeleteAction, EditAction, nowrap, RowActions } from '../../lib/table';
import { formatCount } from '../../lib/ui';
import { categoryName } from '../../lib/names';
import { SizeStock } from './SizeStock';

const column = columnsOf<Product>();

export function productsTable({ onEdit, onDelete }: { onEdit: (product: Product) => void; onDelete: (product: Product) => void }) {
  return {
    columns: [
      column(t`Product`, (p) => (
        <div className="flex min-w-64 items-start gap-3">
          <ProductImage path={p.thumbnail ?? p.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg" />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{p.name}</p>
            <p className="line-clamp-2 max-w-sm text-stone-600">{p.description}</p>
          </div>
        </div>
      ), { phone: 'title' }),
      column(t`Category`, (p) => categoryName(String(p.category))),
      column(t`Price`, (p) => (
        <div className="flex flex-col items-start gap-1 whitespace-nowrap">
          <span className="font-semibold">{formatPrice(p.price)}</span>
          {p.discount > 0 && <DiscountBadge discount={p.discount} />}
        </div>
      )),
      column(t`Stock`, (p) => (
        <>
          {p.stock != null ? formatCount(p.stock) : '—'}
          {hasVariants(p) && <SizeStock name={p.name} variants={variantsOf(p)} />}
        </>
      )),
      column(t`Status`, (p) => <StockBadge status={p.stockStatus} />, { ...nowrap, phone: 'aside' }),
      column(t`Actions`, (p) => (
        <RowActions>
          <EditAction target={p.name} onClick={() => onEdit(p)} />
          <DeleteAction target={p.name} onClick={() => onDelete(p)} />
        </RowActions>
      ), { phone: 'actions' }),
    ],
    rowProps: () => ({ 'data-testid': 'product-row' }),
  };
}
