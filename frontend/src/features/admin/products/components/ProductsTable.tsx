/** The admin product table: picture, name and description, category, price with discount, stock, status, actions. */
import { DiscountBadge } from '@/components/ui/Price';
import { ProductImage } from '@/components/ui/ProductImage';
import { StockBadge } from '@/components/ui/StockBadge';
import { capitalize, formatPrice } from '@/lib/format';
import type { Product, Variant } from '@/lib/types';
import { hasVariants, isLowSize, variantsOf } from '@/lib/variants';
import { ScrollableTable } from '../../components/ScrollableTable';
import { admin } from '../../lib/ui';

/** What a size's stock needs flagged: none left, or running low; nothing otherwise. */
function sizeFlag(stock: number): { text: string; style: string } | null {
  if (stock <= 0) return { text: 'sold out', style: 'font-semibold text-red-700' };
  if (isLowSize(stock)) return { text: 'low', style: 'font-semibold text-amber-800' };
  return null;
}

/** Stock per size in the admin's order, e.g. 'S 4 · M 0 · L 12'; sizes sold out or running low are flagged. */
function SizeStock({ name, variants }: { name: string; variants: readonly Variant[] }) {
  return (
    <ul className="mt-1 flex max-w-60 flex-wrap text-xs text-stone-700" aria-label={`Stock by size of ${name}`}>
      {variants.map((v, i) => {
        const flag = sizeFlag(v.stock);
        return (
          <li key={v._id} className="whitespace-nowrap" data-testid="size-stock">
            {i > 0 && (
              <span aria-hidden="true" className="px-1 text-stone-400">
                ·
              </span>
            )}
            <span className={flag?.style}>
              {flag && <span aria-hidden="true">⚠ </span>}
              {v.colour ? `${v.size}/${v.colour}` : v.size} {v.stock}
              {flag && <span className="sr-only"> ({flag.text})</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductsTable({
  products,
  onEdit,
  onDelete,
}: {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  return (
    <ScrollableTable name="Products" className={`mt-6 ${admin.tableWrap}`} tableClassName={admin.table}>
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
        {products.map((p) => (
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
            <td className={admin.td}>
              {p.stock ?? '—'}
              {hasVariants(p) && <SizeStock name={p.name} variants={variantsOf(p)} />}
            </td>
            <td className={`${admin.td} whitespace-nowrap`}>
              <StockBadge stock={p.stock} />
            </td>
            <td className={admin.td}>
              <div className="flex gap-1">
                <button type="button" className={`${admin.action} text-brand-800 hover:bg-brand-50`} onClick={() => onEdit(p)}>
                  Edit <span className="sr-only">{p.name}</span>
                </button>
                <button type="button" className={`${admin.action} text-red-700 hover:bg-red-50`} onClick={() => onDelete(p)}>
                  Delete <span className="sr-only">{p.name}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
